import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config-schema';
import {
  contentSecurityPolicy,
  funnelProxy,
  headerRules,
  inlineScripts,
  netlifyRedirects,
  strictTransportSecurity,
  vercelOutputConfig,
} from './security-headers';

const ENV = {
  VITE_SUPABASE_URL: 'https://abc.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
  VITE_VAPI_AUTH: 'public-key',
  VITE_LEADS: 'browser',
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
  it('leave out Cross-Origin-Opener-Policy, which opens each visit in a fresh process', () => {
    // docs/security.md, "Headers not sent": measured, its cost outweighs what it guards here.
    // Sending it again is a decision to take there, with this test.
    const rules = headerRules(parseConfig(ENV, 'production'), HASHES);
    const names = rules.flatMap((rule) =>
      Object.keys(rule.headers).map((name) => name.toLowerCase()),
    );
    expect(names).toEqual(
      expect.arrayContaining(['permissions-policy', 'x-content-type-options', 'referrer-policy']),
    );
    expect(names).not.toContain('cross-origin-opener-policy');
  });

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

  it("allow the funnel's endpoint only when the funnel is on", () => {
    const connect = (env: Record<string, string>) =>
      (siteHeaders(env)['Content-Security-Policy'] ?? '')
        .split('; ')
        .find((directive) => directive.startsWith('connect-src '))!;
    expect(connect({})).not.toContain('plausible');
    // Set: Plausible's own API by default, or a self-hosted one.
    expect(connect({ VITE_PLAUSIBLE_DOMAIN: 'example.com' })).toContain('https://plausible.io');
    const selfHosted = connect({
      VITE_PLAUSIBLE_DOMAIN: 'example.com',
      VITE_PLAUSIBLE_ENDPOINT: 'https://stats.example.com/api/event',
    });
    expect(selfHosted).toContain('https://stats.example.com');
    expect(selfHosted).not.toContain('https://plausible.io');
    // A proxy on the site's own host is 'self': no origin added.
    expect(
      connect({ VITE_PLAUSIBLE_DOMAIN: 'example.com', VITE_PLAUSIBLE_ENDPOINT: '/pa/event' }),
    ).toBe(connect({}));
    expect(() =>
      parseConfig({ ...ENV, VITE_PLAUSIBLE_DOMAIN: 'https://example.com/' }, 'production'),
    ).toThrow(/VITE_PLAUSIBLE_DOMAIN/);
    expect(() =>
      parseConfig(
        { ...ENV, VITE_PLAUSIBLE_DOMAIN: 'example.com', VITE_PLAUSIBLE_ENDPOINT: 'stats/event' },
        'production',
      ),
    ).toThrow(/VITE_PLAUSIBLE_ENDPOINT/);
  });

  it("proxies the funnel's endpoint on the site's own host when it is a path (Netlify, Vercel)", () => {
    const config = (env: Record<string, string>) => parseConfig({ ...ENV, ...env }, 'production');
    const proxied = config({
      VITE_PLAUSIBLE_DOMAIN: 'example.com',
      VITE_PLAUSIBLE_ENDPOINT: '/pa/event',
    });
    expect(netlifyRedirects(proxied)).toBe('/pa/event https://plausible.io/api/event 200\n');
    const routes = vercelOutputConfig(proxied, []).routes;
    const proxyRoute = routes.find(
      (route) => 'dest' in route && route.dest === 'https://plausible.io/api/event',
    );
    expect(proxyRoute).toEqual({ src: '^/pa/event$', dest: 'https://plausible.io/api/event' });
    // Before the static files and the 404.
    expect(routes.indexOf(proxyRoute!)).toBeLessThan(
      routes.findIndex((route) => 'handle' in route),
    );
    for (const env of [{}, { VITE_PLAUSIBLE_DOMAIN: 'example.com' }] as Record<string, string>[]) {
      expect(netlifyRedirects(config(env))).toBeNull();
      expect(funnelProxy(config(env))).toBeNull();
    }
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

  it("frame the booking page's origin, and allow Cal's style attributes as attributes, only when VITE_BOOKING_URL opens inline", () => {
    const directive = (env: Record<string, string>, name: string) =>
      (siteHeaders(env)['Content-Security-Policy'] ?? '')
        .split('; ')
        .find((entry) => entry.startsWith(`${name} `))!;
    // Unset: nothing framed (no Turnstile in this build), no style attribute allowed.
    expect(directive({}, 'frame-src')).toBe("frame-src 'none'");
    expect(directive({}, 'style-src')).toBe("style-src 'self' 'sha256-def'");
    expect(directive({}, 'style-src-attr')).toBeUndefined();
    // Cal.com: the frame is app.cal.com (embed.js moves cal.com there); its script is the
    // site's own file, so script-src gains nothing.
    const cal = { VITE_BOOKING_URL: 'https://cal.com/jordan/intro' };
    expect(directive(cal, 'frame-src')).toBe('frame-src https://app.cal.com');
    // Its <style> elements by hash (style-src); its loader's style attributes as attributes.
    expect(directive(cal, 'style-src')).toBe("style-src 'self' 'sha256-def'");
    expect(directive(cal, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
    expect(directive(cal, 'script-src')).toBe(directive({}, 'script-src'));
    expect(directive(cal, 'connect-src')).toBe(directive({}, 'connect-src'));
    // A self-hosted Cal.com, named: its own origin.
    expect(
      directive(
        { VITE_BOOKING_URL: 'https://book.example.com/jordan', VITE_BOOKING_PROVIDER: 'cal' },
        'frame-src',
      ),
    ).toBe('frame-src https://book.example.com');
    // Calendly: its origin framed; its one stylesheet is an element, no attribute to allow.
    const calendly = { VITE_BOOKING_URL: 'https://calendly.com/jordan/30min' };
    expect(directive(calendly, 'frame-src')).toBe('frame-src https://calendly.com');
    expect(directive(calendly, 'style-src')).toBe("style-src 'self' 'sha256-def'");
    expect(directive(calendly, 'style-src-attr')).toBeUndefined();
    // A page opened in a new tab needs nothing.
    const link = { VITE_BOOKING_URL: 'https://book.example.com/jordan' };
    expect(siteHeaders(link)['Content-Security-Policy']).toBe(
      siteHeaders({})['Content-Security-Policy'],
    );
    // Beside Turnstile's frame, both.
    expect(directive({ ...cal, VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAAexample' }, 'frame-src')).toBe(
      'frame-src https://challenges.cloudflare.com https://app.cal.com',
    );
  });
});

describe('the inline scripts the CSP must allow', () => {
  it('are those the browser runs: no type, a JavaScript type, module, importmap; not a data block', () => {
    const html = [
      '<script>run(1)</script>',
      '<script type="module">run(2)</script>',
      "<script type='text/javascript'>run(3)</script>",
      '<script type=importmap>{"imports":{}}</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="application/json" id="data">{"a":1}</script>',
      '<script src="/assets/x.js"></script>',
      '<script></script>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['run(1)', 'run(2)', 'run(3)', '{"imports":{}}']);
  });
});
