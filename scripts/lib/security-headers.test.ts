import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config-schema';
import { contentSecurityPolicy, headerRules, strictTransportSecurity } from './security-headers';

const ENV = {
  VITE_SUPABASE_URL: 'https://abc.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
  VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/webhook/lead',
  VITE_VAPI_PUBLIC_KEY: 'pk',
  VITE_VAPI_ASSISTANT_ID: 'asst',
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: 'https://www.example.com',
};
const HASHES = { scripts: ["'sha256-abc'"], styles: ["'sha256-def'"] };
const siteHeaders = (env: Record<string, string>) =>
  headerRules(parseConfig({ ...ENV, ...env }, 'production'), HASHES)[0]!.headers;

describe('the security headers', () => {
  it('send HSTS for a year on this host, adding subdomains and preload only when opted in', () => {
    const hsts = (env: Record<string, string>) =>
      strictTransportSecurity(parseConfig({ ...ENV, ...env }, 'production'));
    expect(hsts({})).toBe('max-age=31536000');
    expect(hsts({ VITE_HSTS_INCLUDE_SUBDOMAINS: 'true' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(hsts({ VITE_HSTS_PRELOAD: 'true' })).toBe(
      'max-age=31536000; includeSubDomains; preload',
    );
    // Not over plain http (a local or preview address).
    expect(siteHeaders({ VITE_SITE_URL: 'http://localhost:4173' })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
  });

  it('report violations to VITE_CSP_REPORT_URI with report-to and report-uri', () => {
    const headers = siteHeaders({ VITE_CSP_REPORT_URI: 'https://reports.example.com/csp' });
    const csp = headers['Content-Security-Policy'] ?? '';
    expect(csp).toContain('report-uri https://reports.example.com/csp');
    expect(csp).toContain('report-to csp-endpoint');
    expect(headers['Reporting-Endpoints']).toBe('csp-endpoint="https://reports.example.com/csp"');
    // Locally, report-uri alone: Chromium would hold report-to reports back a minute or more.
    const local = headerRules(
      parseConfig(
        { ...ENV, VITE_CSP_REPORT_URI: 'http://localhost:4173/local/csp-reports' },
        'local',
      ),
      HASHES,
    )[0]!.headers;
    expect(local['Content-Security-Policy']).toContain(
      'report-uri http://localhost:4173/local/csp-reports',
    );
    expect(local['Content-Security-Policy']).not.toContain('report-to');
    expect(local).not.toHaveProperty('Reporting-Endpoints');
    const none = siteHeaders({});
    expect(none['Content-Security-Policy']).not.toContain('report-');
    expect(none).not.toHaveProperty('Reporting-Endpoints');
  });

  it('ship the policy as Report-Only when VITE_CSP_REPORT_ONLY is true, and enforce it otherwise', () => {
    const reportOnly = siteHeaders({ VITE_CSP_REPORT_ONLY: 'true' });
    expect(reportOnly).not.toHaveProperty('Content-Security-Policy');
    expect(reportOnly['Content-Security-Policy-Report-Only']).toBe(
      contentSecurityPolicy(parseConfig(ENV, 'production'), HASHES),
    );
    expect(siteHeaders({})).not.toHaveProperty('Content-Security-Policy-Report-Only');
  });
});
