import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPTIONAL_CONFIG_VARIABLES,
  PROFILE_CONFIG_VARIABLES,
  REQUIRED_CONFIG_VARIABLES,
  TURNSTILE_TESTING_SITE_KEYS,
} from '../src/lib/config-schema';
import { ROUTES, servedPaths } from '../src/app/routes';
import { trades } from '../src/content/trades/index';
import { headersForPath, parseHeadersFile } from '../server/cdn/headers-file';
import { findSecrets } from './lib/secret-scan';
import type { vercelOutputConfig } from './lib/security-headers';

type VercelOutputConfig = ReturnType<typeof vercelOutputConfig>;

/** The headers Vercel would send with `path` under `config`: every header route that matches. */
function vercelHeadersForPath(config: VercelOutputConfig, path: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const route of config.routes) {
    if ('handle' in route) break;
    if ('continue' in route && new RegExp(route.src).test(path))
      Object.assign(merged, route.headers);
  }
  return merged;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function anonJwt(role: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', ref: 'abcdefghijkl', role })}.c2lnbmF0dXJlLXNpZ25hdHVyZQ`;
}

/** The README's variables, and nothing else: the default profile. */
const PUBLIC = {
  VITE_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  VITE_SUPABASE_ANON_KEY: anonJwt('anon'),
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: 'https://www.example.com',
  VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzYS',
};
/** The spec's browser paths, named: what the default refuses unless named. */
const NAMED = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: 'vapi-public-key-123',
  VITE_VAPI_ASSISTANT_ID: 'vapi-assistant-456',
  VITE_LEADS: 'browser',
  VITE_CONTACT_WEBHOOK_URL: 'https://automation.example.com/webhook/lead',
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
    for (const name of REQUIRED_CONFIG_VARIABLES)
      expect(result.stderr).toContain(`${name} is missing`);
    // Optional, or read only by a named profile, so not missing.
    for (const name of [...OPTIONAL_CONFIG_VARIABLES, ...PROFILE_CONFIG_VARIABLES])
      expect(result.stderr).not.toContain(name);
  });

  it('refuses a Vapi public key or a webhook address that the default profile would not ship', () => {
    const result = runBuild(
      {
        ...PUBLIC,
        VITE_VAPI_PUBLIC_KEY: NAMED.VITE_VAPI_PUBLIC_KEY,
        VITE_CONTACT_WEBHOOK_URL: NAMED.VITE_CONTACT_WEBHOOK_URL,
      },
      join(tmpdir(), 'never-built'),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'VITE_VAPI_PUBLIC_KEY is set, but this build starts every call through the server step',
    );
    expect(result.stderr).toContain('or set VITE_VAPI_AUTH=public-key to ship it');
    expect(result.stderr).toContain(
      'VITE_CONTACT_WEBHOOK_URL is now a function secret: remove it here and set it with supabase secrets set CONTACT_WEBHOOK_URL=',
    );
  });

  it("refuses Cloudflare's testing site keys", () => {
    for (const key of TURNSTILE_TESTING_SITE_KEYS) {
      const result = runBuild(
        { ...PUBLIC, VITE_TURNSTILE_SITE_KEY: key },
        join(tmpdir(), 'never-built'),
      );
      expect(result.status, key).toBe(1);
      expect(result.stderr).toContain(
        "VITE_TURNSTILE_SITE_KEY is one of Cloudflare's testing keys, with which every bot check passes",
      );
    }
  });

  it('builds the named browser profiles, and prints in one block what a stranger can cost a day', async () => {
    const out = await mkdtemp(join(tmpdir(), 'site-named-build-'));
    try {
      const result = runBuild({ ...PUBLIC, ...NAMED }, out);
      expect(result.status, result.stderr).toBe(0);
      const block = result.stderr.slice(result.stderr.indexOf('!! This build ships'));
      expect(block).toContain('!! VITE_VAPI_AUTH=public-key: the Vapi public key ships');
      expect(block).toContain('14,400 call-minutes, $1,440 to $2,880 a day');
      expect(block).toContain('864,000 messages, $4,320 to $17,280 a day');
      expect(block).toContain("!! VITE_LEADS=browser: the automation webhook's address ships");
      expect(block).toContain('To switch to the bounded default: remove VITE_VAPI_AUTH');
      // The named paths ship what they name, and the CSP lets the page reach them.
      const headers = await readFile(join(out, '_headers'), 'utf8');
      expect(headers).toContain('https://automation.example.com');
      expect(headers).toContain('https://api.vapi.ai');
      expect((await findSecrets(out, [NAMED.VITE_VAPI_PUBLIC_KEY])).length).toBeGreaterThan(0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);

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

  describe('a production build (run as Vercel runs it)', () => {
    let out: string;
    let vercelOut: string;
    beforeAll(async () => {
      out = await mkdtemp(join(tmpdir(), 'site-build-'));
      vercelOut = await mkdtemp(join(tmpdir(), 'site-vercel-'));
      const result = runBuild(
        { ...PUBLIC, ...SECRETS, VERCEL: '1', VERCEL_OUTPUT_DIR: vercelOut },
        out,
      );
      expect(result.status, result.stderr).toBe(0);
    }, 120_000);
    afterAll(async () => {
      await rm(out, { recursive: true, force: true });
      await rm(vercelOut, { recursive: true, force: true });
    });

    it('writes every file of the contract', async () => {
      for (const file of [
        'index.html',
        'about-me/index.html',
        '404.html',
        'robots.txt',
        'sitemap.xml',
        '_headers',
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
      // Nor is any other part of the app: no preload (the loader preloads the app's imports).
      expect(index).not.toMatch(/<link rel="(?:modulepreload|preload|stylesheet)"/);
      expect(index).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    });

    it("has each trade page's loader fetch its own words with the app, and no other page any", async () => {
      const assets = await readdir(join(out, 'assets'));
      const chunkOf = (slug: string) =>
        assets.find((file) => new RegExp(`^${slug}-[\\w-]+\\.js$`).test(file));
      for (const trade of trades) expect(chunkOf(trade.slug), trade.slug).toBeDefined();
      for (const route of ROUTES) {
        const html = await readFile(join(out, route.file), 'utf8');
        for (const trade of trades) {
          const named = html.includes(JSON.stringify(`/assets/${chunkOf(trade.slug)}`));
          expect(named, `${route.file} names ${trade.slug}'s words`).toBe(
            trade.path === route.path,
          );
        }
      }
    });

    it('inlines in each page the CSS its markup uses; the whole sheet follows the first paint', async () => {
      const assets = await readdir(join(out, 'assets'));
      const sheets = assets.filter((file) => file.endsWith('.css'));
      expect(sheets).toHaveLength(1);
      const whole = await readFile(join(out, 'assets', sheets[0]!), 'utf8');
      expect(whole).toContain('.animate-spin{');
      for (const route of ROUTES) {
        const html = await readFile(join(out, route.file), 'utf8');
        const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
        expect(inline, route.file).toHaveLength(1);
        // What only the app shows (a spinner while a call connects) comes with the whole sheet.
        expect(inline[0], route.file).not.toContain('.animate-spin{');
        // The early-press feedback shows before the app (and the stylesheet) arrive.
        expect(inline[0], route.file).toContain('[data-early-pressed]');
        // The loader adds the whole sheet with the app, after the first paint.
        expect(html, route.file).toContain(`"stylesheets":["/assets/${sheets[0]}"]`);
      }
    });

    it('sends no funnel event when VITE_PLAUSIBLE_DOMAIN is unset: no endpoint allowed, the privacy page says so', async () => {
      const headers = await readFile(join(out, '_headers'), 'utf8');
      expect(headers).not.toContain('plausible');
      const privacy = await readFile(join(out, 'privacy/index.html'), 'utf8');
      expect(privacy).toContain('loads no advertising or analytics trackers');
      expect(privacy).not.toContain('What we count');
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
      // The default profile: the page reaches neither the webhook nor Vapi's API.
      expect(directive('connect-src')).not.toContain('https://automation.example.com');
      expect(directive('connect-src')).not.toContain('https://api.vapi.ai');
      expect(directive('connect-src')).toContain('wss://*.daily.co');
      expect(directive('script-src')).toMatch(
        /^script-src 'self' https:\/\/\*\.daily\.co 'wasm-unsafe-eval' https:\/\/challenges\.cloudflare\.com( 'sha256-[A-Za-z0-9+/=]+')+$/,
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

    it("writes Vercel's Build Output: the same files, the same headers, clean URLs", async () => {
      const config = JSON.parse(
        await readFile(join(vercelOut, 'config.json'), 'utf8'),
      ) as VercelOutputConfig;
      expect(config.version).toBe(3);
      expect(config.overrides['about-me/index.html']).toEqual({ path: 'about-me' });
      for (const file of ['index.html', 'about-me/index.html', '404.html', 'sitemap.xml']) {
        expect(await readFile(join(vercelOut, 'static', file), 'utf8')).toBe(
          await readFile(join(out, file), 'utf8'),
        );
      }
      await expect(readFile(join(vercelOut, 'static', '_headers'), 'utf8')).rejects.toThrow();
      const netlify = parseHeadersFile(await readFile(join(out, '_headers'), 'utf8'));
      for (const path of ['/', '/about-me', '/assets/index-abc.js', '/404.html']) {
        expect(vercelHeadersForPath(config, path), path).toEqual(headersForPath(netlify, path));
      }
      expect(config.routes.at(-1)).toEqual({ src: '^/.*$', status: 404, dest: '/404.html' });
    });

    it('every inline script and style of every page is allowed by every CSP each host sends with it, and nothing else is', async () => {
      const { cspHash, inlineScripts, inlineStyles } = await import('./lib/security-headers');
      const netlify = parseHeadersFile(await readFile(join(out, '_headers'), 'utf8'));
      const vercel = JSON.parse(
        await readFile(join(vercelOut, 'config.json'), 'utf8'),
      ) as VercelOutputConfig;
      const pages = ROUTES.flatMap((route) => servedPaths(route).map((path) => ({ path, route })));
      const inline = new Map<string, { scripts: string[]; styles: string[] }>();
      for (const route of ROUTES) {
        const html = await readFile(join(out, route.file), 'utf8');
        inline.set(route.file, {
          scripts: inlineScripts(html).map(cspHash),
          styles: inlineStyles(html).map(cspHash),
        });
      }
      const built = [...inline.values()];
      const allScripts = new Set(built.flatMap((page) => page.scripts));
      const allStyles = new Set(built.flatMap((page) => page.styles));
      const hashesIn = (directive: string | undefined) =>
        (directive ?? '').split(' ').filter((token) => token.startsWith("'sha256-"));
      for (const { path, route } of pages) {
        const own = inline.get(route.file)!;
        expect(own.scripts.length, route.file).toBeGreaterThan(0);
        for (const [host, headers] of [
          ['Netlify / Cloudflare Pages', headersForPath(netlify, path)],
          ['Vercel', vercelHeadersForPath(vercel, path)],
        ] as const) {
          const policies = Object.entries(headers)
            .filter(([name]) => name.toLowerCase().startsWith('content-security-policy'))
            .map(([, value]) => value);
          expect(policies, `${host} ${path}`).toHaveLength(1);
          for (const policy of policies) {
            const directives = new Map(
              policy.split('; ').map((d) => [d.split(' ')[0], d] as [string, string]),
            );
            const scriptHashes = hashesIn(directives.get('script-src'));
            const styleHashes = hashesIn(directives.get('style-src'));
            for (const hash of own.scripts) expect(scriptHashes, `${host} ${path}`).toContain(hash);
            for (const hash of own.styles) expect(styleHashes, `${host} ${path}`).toContain(hash);
            // Nothing else: no hash of a script or style that is not in this build.
            for (const hash of scriptHashes) expect(allScripts.has(hash), hash).toBe(true);
            for (const hash of styleHashes) expect(allStyles.has(hash), hash).toBe(true);
            expect(policy).not.toContain("'unsafe-inline'");
          }
        }
      }
    });
  });
});
