import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, OPTIONAL_CONFIG_VARIABLES } from '../src/lib/config-schema';
import { findSecrets } from './lib/secret-scan';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function anonJwt(role: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', ref: 'abcdefghijkl', role })}.c2lnbmF0dXJlLXNpZ25hdHVyZQ`;
}

const PUBLIC = {
  VITE_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  VITE_SUPABASE_ANON_KEY: anonJwt('anon'),
  VITE_CONTACT_WEBHOOK_URL: 'https://automation.example.com/webhook/lead',
  VITE_VAPI_PUBLIC_KEY: 'vapi-public-key-123',
  VITE_VAPI_ASSISTANT_ID: 'vapi-assistant-456',
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: 'https://www.example.com',
};
// What a careless deploy environment also holds: none of it may reach the bundle.
const SECRETS = {
  SUPABASE_SERVICE_ROLE_KEY: anonJwt('service_role'),
  VAPI_PRIVATE_KEY: 'vapi-private-canary-7f3a9c',
  DATABASE_URL: 'postgres://postgres:canary-password-91d2@db.example.com:5432/postgres',
  VITE_PRIVATE_NOTE: 'vite-prefixed-but-unused-canary-55e1',
};

function runBuild(env: Record<string, string>, outDir: string) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
  );
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', outDir], {
    cwd: root,
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
}

describe('npm run build', () => {
  it('fails, listing every missing variable, when the configuration is absent', () => {
    const result = runBuild({}, join(tmpdir(), 'never-built'));
    expect(result.status).toBe(1);
    for (const name of CONFIG_VARIABLES.filter((n) => !OPTIONAL_CONFIG_VARIABLES.includes(n)))
      expect(result.stderr).toContain(`${name} is missing`);
    // Optional, so not missing.
    for (const name of OPTIONAL_CONFIG_VARIABLES) expect(result.stderr).not.toContain(name);
  });

  it('fails, naming the finding and leaving no output, when a secret would ship', async () => {
    const out = await mkdtemp(join(tmpdir(), 'site-secret-build-'));
    try {
      // A secret pasted into a public value lands in the bundle: the scan at the end stops it.
      const result = runBuild(
        {
          ...PUBLIC,
          VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo?key=sb_secret_pastedByMistake123',
        },
        out,
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('a Supabase secret key (sb_secret_)');
      await expect(readFile(join(out, 'index.html'), 'utf8')).rejects.toThrow();
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('refuses a service-role key in place of the anon key', () => {
    const result = runBuild(
      { ...PUBLIC, VITE_SUPABASE_ANON_KEY: anonJwt('service_role') },
      join(tmpdir(), 'never-built'),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('VITE_SUPABASE_ANON_KEY is a JWT whose role is not "anon"');
  });

  describe('a production build', () => {
    let out: string;
    beforeAll(async () => {
      out = await mkdtemp(join(tmpdir(), 'site-build-'));
      const result = runBuild({ ...PUBLIC, ...SECRETS }, out);
      expect(result.status, result.stderr).toBe(0);
    }, 120_000);
    afterAll(async () => {
      await rm(out, { recursive: true, force: true });
    });

    it('writes every file of the contract', async () => {
      for (const file of [
        'index.html',
        'about-me/index.html',
        '404.html',
        'robots.txt',
        'sitemap.xml',
        '_headers',
        'vercel.json',
      ]) {
        await expect(readFile(join(out, file), 'utf8'), file).resolves.toBeTruthy();
      }
      expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain(
        'Sitemap: https://www.example.com/sitemap.xml',
      );
      expect(await readFile(join(out, 'sitemap.xml'), 'utf8')).toContain(
        '<loc>https://www.example.com/about-me</loc>',
      );
      const index = await readFile(join(out, 'index.html'), 'utf8');
      expect(index).toContain('<link rel="canonical" href="https://www.example.com/">');
      // No render-blocking request: the stylesheet is inlined and the app script is added by
      // an inline loader after the first paint.
      expect(index).not.toMatch(/<link rel="stylesheet"/);
      expect(index).not.toMatch(/<script[^>]+src=/);
      expect(index).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    });

    it('holds no secret: no service-role key, private key, or non-public environment value', async () => {
      const findings = await findSecrets(out, Object.values(SECRETS));
      expect(findings).toEqual([]);
      // The public anon key is there (it has to be), and the scan does see keys.
      const index = await readFile(join(out, 'index.html'), 'utf8');
      const bundleHasKey = (await findSecrets(out, [PUBLIC.VITE_SUPABASE_ANON_KEY])).length > 0;
      expect(bundleHasKey || index.includes(PUBLIC.VITE_SUPABASE_ANON_KEY)).toBe(true);
    });

    it('writes security headers built from the configured origins', async () => {
      const headers = await readFile(join(out, '_headers'), 'utf8');
      const csp = /Content-Security-Policy: (.+)/.exec(headers)?.[1] ?? '';
      const directive = (name: string) =>
        csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('connect-src')).toContain('https://abcdefghijkl.supabase.co');
      expect(directive('connect-src')).toContain('https://automation.example.com');
      expect(directive('connect-src')).toContain('https://api.vapi.ai');
      expect(directive('connect-src')).toContain('wss://*.daily.co');
      expect(directive('script-src')).toMatch(
        /^script-src 'self' https:\/\/\*\.daily\.co 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+$/,
      );
      expect(directive('style-src')).toMatch(/^style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain("'unsafe-eval'");
      for (const part of [
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        'upgrade-insecure-requests',
      ]) {
        expect(csp).toContain(part);
      }
      expect(headers).toContain('Permissions-Policy: microphone=(self), camera=(), geolocation=()');
      expect(headers).toContain('X-Content-Type-Options: nosniff');
      expect(headers).toContain('Referrer-Policy: strict-origin-when-cross-origin');
      // A year on this host only: subdomains and preload are the owner's opt-in.
      expect(headers).toContain('Strict-Transport-Security: max-age=31536000\n');
      expect(headers).not.toContain('includeSubDomains');
      expect(headers).toMatch(
        /\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/,
      );
      expect(headers).toMatch(/\/about-me\n {2}Cache-Control: public, max-age=0, must-revalidate/);
    });

    it('gives vercel.json the same headers', async () => {
      const vercel = JSON.parse(await readFile(join(out, 'vercel.json'), 'utf8')) as {
        headers: { source: string; headers: { key: string; value: string }[] }[];
      };
      const all = vercel.headers.find((rule) => rule.source === '/(.*)');
      const headers = await readFile(join(out, '_headers'), 'utf8');
      const csp = /Content-Security-Policy: (.+)/.exec(headers)?.[1];
      expect(all?.headers).toContainEqual({ key: 'Content-Security-Policy', value: csp });
      expect(vercel.headers.find((rule) => rule.source === '/assets/(.*)')?.headers).toContainEqual(
        {
          key: 'Cache-Control',
          value: 'public, max-age=31536000, immutable',
        },
      );
    });

    it('every inline script and style of every page is allowed by a hash', async () => {
      const headers = await readFile(join(out, '_headers'), 'utf8');
      const { cspHash, inlineScripts, inlineStyles } = await import('./lib/security-headers');
      for (const page of ['index.html', 'about-me/index.html', '404.html']) {
        const html = await readFile(join(out, page), 'utf8');
        for (const code of [...inlineScripts(html), ...inlineStyles(html)])
          expect(headers).toContain(cspHash(code));
      }
    });
  });
});
