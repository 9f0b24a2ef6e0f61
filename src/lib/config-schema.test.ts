import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  localDefaults,
  parseConfig,
  REQUIRED_CONFIG_VARIABLES,
} from './config-schema';

/** The README's variables for the default profile: the server step starts calls, stores leads. */
const defaults = {
  VITE_SUPABASE_URL: 'https://abc.supabase.co/',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: 'https://www.example.com/',
  VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAA',
};
/** The spec's browser paths, named: the public key starts calls, the page posts the webhook. */
const complete = {
  ...defaults,
  VITE_VAPI_AUTH: 'public-key',
  VITE_LEADS: 'browser',
  VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/lead',
  VITE_VAPI_PUBLIC_KEY: 'pk_123',
  VITE_VAPI_ASSISTANT_ID: 'asst_123',
  VITE_TURNSTILE_SITE_KEY: '',
};

function jwt(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  it('by default starts calls and stores leads through the server step: no key, no webhook, the bot check', () => {
    const config = parseConfig(defaults, 'production');
    expect(config.vapi).toEqual({ auth: 'server', maxCallSeconds: 180 });
    expect(config.leads).toEqual({ via: 'server' });
    expect(config.turnstile?.siteKey).toBe('0x4AAAAAAA');
    expect(
      problemsOf(() => parseConfig({ ...defaults, VITE_TURNSTILE_SITE_KEY: '' }, 'production')),
    ).toEqual(['VITE_TURNSTILE_SITE_KEY is missing']);
  });

  it('refuses a Vapi public key or a webhook address the default would not ship, saying how to name a profile', () => {
    expect(
      problemsOf(() =>
        parseConfig(
          {
            ...defaults,
            VITE_VAPI_PUBLIC_KEY: 'pk_123',
            VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/lead',
          },
          'production',
        ),
      ),
    ).toEqual([
      'VITE_VAPI_PUBLIC_KEY is set, but this build starts every call through the server step (start-web-call) and ships no Vapi key: remove it, or set VITE_VAPI_AUTH=public-key to ship it (docs/security.md: what a stranger can then cost a day)',
      'VITE_CONTACT_WEBHOOK_URL is now a function secret: remove it here and set it with supabase secrets set CONTACT_WEBHOOK_URL=<url> CONTACT_WEBHOOK_SECRET=<whsec_…> (docs/deploy.md), or set VITE_LEADS=browser to have the page post it (its address is then public)',
    ]);
    // Local builds set them aside instead (scripts/lib/site-config.ts), so parseConfig takes them
    // and ships neither.
    const local = parseConfig(
      {
        ...defaults,
        VITE_VAPI_PUBLIC_KEY: 'pk_123',
        VITE_CONTACT_WEBHOOK_URL: 'https://h.example/x',
      },
      'local',
    );
    expect(JSON.stringify(local)).not.toContain('pk_123');
    expect(JSON.stringify(local)).not.toContain('h.example');
  });

  it("refuses Cloudflare's testing site keys in production, and takes them locally", () => {
    for (const key of [
      '1x00000000000000000000AA',
      '2x00000000000000000000AB',
      '3x00000000000000000000FF',
    ]) {
      expect(
        problemsOf(() => parseConfig({ ...defaults, VITE_TURNSTILE_SITE_KEY: key }, 'production')),
      ).toEqual([
        "VITE_TURNSTILE_SITE_KEY is one of Cloudflare's testing keys, with which every bot check passes: use your Turnstile widget's site key (Cloudflare dashboard → Turnstile)",
      ]);
      expect(
        parseConfig({ ...defaults, VITE_TURNSTILE_SITE_KEY: key }, 'local').turnstile?.siteKey,
      ).toBe(key);
    }
  });

  it('returns the typed configuration of the named browser profile, origins without trailing slashes', () => {
    const config = parseConfig(complete, 'production');
    expect(config).toEqual({
      mode: 'production',
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'sb_publishable_123',
      leads: { via: 'browser', webhookUrl: 'https://hooks.example.com/lead', webhookMode: 'json' },
      vapi: {
        auth: 'public-key',
        publicKey: 'pk_123',
        assistantId: 'asst_123',
        maxCallSeconds: 180,
      },
      demoVideoUrl: 'https://video.example.com/demo',
      siteUrl: 'https://www.example.com',
      booking: null,
      analytics: null,
      csp: { reportUri: null, reportOnly: false },
      hsts: { includeSubDomains: false, preload: false },
      turnstile: null,
      functionsUrl: 'https://abc.supabase.co/functions/v1',
    });
  });

  it('in server mode needs no Vapi key or assistant and ships neither, and needs the bot check', () => {
    const server = {
      ...complete,
      VITE_VAPI_AUTH: 'server',
      VITE_VAPI_PUBLIC_KEY: '',
      VITE_VAPI_ASSISTANT_ID: '',
    };
    expect(problemsOf(() => parseConfig(server, 'production'))).toEqual([
      'VITE_TURNSTILE_SITE_KEY is missing',
    ]);
    const config = parseConfig({ ...server, VITE_TURNSTILE_SITE_KEY: '0x4AAA' }, 'production');
    expect(config.vapi).toEqual({ auth: 'server', maxCallSeconds: 180 });
    const withAssistant = parseConfig(
      { ...server, VITE_VAPI_ASSISTANT_ID: 'asst_unused', VITE_TURNSTILE_SITE_KEY: '0x4AAA' },
      'production',
    );
    expect(JSON.stringify(withAssistant)).not.toContain('asst_unused');
  });

  it('refuses the retired token mode, saying what replaces it', () => {
    expect(
      problemsOf(() => parseConfig({ ...complete, VITE_VAPI_AUTH: 'token' }, 'production')),
    ).toEqual([
      'VITE_VAPI_AUTH token is retired: set VITE_VAPI_AUTH=server (the server starts every call; docs/deploy.md)',
    ]);
  });

  it("offers the bot check with Cloudflare's script in production and the stand-in locally", () => {
    const withKey = { ...complete, VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAA' };
    expect(parseConfig(withKey, 'production').turnstile).toEqual({
      siteKey: '0x4AAAAAAA',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    });
    expect(
      parseConfig({ ...withKey, VITE_SUPABASE_URL: 'http://localhost:4173' }, 'local').turnstile
        ?.scriptUrl,
    ).toBe('http://localhost:4173/local/turnstile/api.js');
  });

  it('refuses n8n test webhooks and a Supabase URL with a path, each in a clear line', () => {
    expect(
      problemsOf(() =>
        parseConfig(
          {
            ...complete,
            VITE_SUPABASE_URL: 'https://abc.supabase.co/rest/v1/',
            VITE_CONTACT_WEBHOOK_URL: 'https://n8n.example.com/webhook-test/lead',
          },
          'production',
        ),
      ),
    ).toEqual([
      'VITE_SUPABASE_URL must be the project URL with no path, like https://<ref>.supabase.co (not …/rest/v1/)',
      "VITE_CONTACT_WEBHOOK_URL is n8n's test URL (/webhook-test/), which answers only while the editor listens; use the Production URL (/webhook/)",
    ]);
    expect(
      parseConfig(
        { ...complete, VITE_CONTACT_WEBHOOK_URL: 'https://n8n.example.com/webhook/lead' },
        'production',
      ).leads.webhookUrl,
    ).toBe('https://n8n.example.com/webhook/lead');
  });

  it('takes CSP reporting and HSTS opt-ins as settings, off by default', () => {
    const config = parseConfig(
      {
        ...complete,
        VITE_CSP_REPORT_URI: 'https://reports.example.com/csp',
        VITE_CSP_REPORT_ONLY: 'true',
        VITE_HSTS_PRELOAD: 'TRUE',
      },
      'production',
    );
    expect(config.csp).toEqual({ reportUri: 'https://reports.example.com/csp', reportOnly: true });
    // Preload needs includeSubDomains.
    expect(config.hsts).toEqual({ includeSubDomains: true, preload: true });
    expect(
      problemsOf(() =>
        parseConfig({ ...complete, VITE_HSTS_INCLUDE_SUBDOMAINS: 'yes' }, 'production'),
      ),
    ).toEqual(['VITE_HSTS_INCLUDE_SUBDOMAINS must be true or false']);
  });

  it('posts the webhook as JSON unless VITE_CONTACT_WEBHOOK_MODE says simple', () => {
    const mode = (value?: string) =>
      parseConfig({ ...complete, VITE_CONTACT_WEBHOOK_MODE: value }, 'production').leads
        .webhookMode;
    expect(mode()).toBe('json');
    expect(mode(' ')).toBe('json');
    expect(mode('Simple')).toBe('simple');
    expect(
      problemsOf(() =>
        parseConfig({ ...complete, VITE_CONTACT_WEBHOOK_MODE: 'form' }, 'production'),
      ),
    ).toEqual(['VITE_CONTACT_WEBHOOK_MODE must be json or simple']);
  });

  it('takes an optional booking page, which must be an http(s) URL, and picks how it opens', () => {
    const booking = (env: Record<string, string>, mode: 'production' | 'local' = 'production') =>
      parseConfig({ ...complete, ...env }, mode).booking;
    expect(booking({ VITE_BOOKING_URL: ' https://cal.com/jordan/intro ' })).toEqual({
      url: 'https://cal.com/jordan/intro',
      provider: 'cal',
    });
    expect(booking({ VITE_BOOKING_URL: '' })).toBeNull();
    expect(
      problemsOf(() => parseConfig({ ...complete, VITE_BOOKING_URL: 'cal.com/x' }, 'production')),
    ).toEqual(['VITE_BOOKING_URL must be an absolute http(s) URL']);
    expect(booking({ VITE_BOOKING_URL: 'https://calendly.com/jordan/30min' })?.provider).toBe(
      'calendly',
    );
    expect(booking({ VITE_BOOKING_URL: 'https://book.example.com/jordan' })?.provider).toBe('link');
    // A self-hosted Cal.com is named; a named provider wins over the host.
    expect(
      booking({ VITE_BOOKING_URL: 'https://cal.example.com/jordan', VITE_BOOKING_PROVIDER: 'Cal' })
        ?.provider,
    ).toBe('cal');
    expect(
      booking({ VITE_BOOKING_URL: 'https://cal.com/jordan', VITE_BOOKING_PROVIDER: 'link' })
        ?.provider,
    ).toBe('link');
    expect(
      problemsOf(() =>
        parseConfig(
          { ...complete, VITE_BOOKING_URL: 'https://cal.com/x', VITE_BOOKING_PROVIDER: 'zoom' },
          'production',
        ),
      ),
    ).toEqual(['VITE_BOOKING_PROVIDER must be cal or calendly or link']);
    // The local stack's stand-in is Cal in a local build only.
    const standIn = { VITE_BOOKING_URL: 'http://127.0.0.1:4173/local/booking/owner/intro' };
    expect(booking(standIn, 'local')?.provider).toBe('cal');
    expect(booking(standIn)?.provider).toBe('link');
  });

  it('caps a demo call at 180 s by default, and takes 10 to 600 s from VITE_VAPI_MAX_CALL_SECONDS', () => {
    const seconds = (value: string) =>
      parseConfig({ ...complete, VITE_VAPI_MAX_CALL_SECONDS: value }, 'production').vapi
        ?.maxCallSeconds;
    expect(seconds('')).toBe(180);
    expect(seconds(' 90 ')).toBe(90);
    expect(seconds('600')).toBe(600);
    const problem = (value: string) =>
      problemsOf(() =>
        parseConfig({ ...complete, VITE_VAPI_MAX_CALL_SECONDS: value }, 'production'),
      );
    expect(problem('601')).toEqual(['VITE_VAPI_MAX_CALL_SECONDS must be at most 600 seconds']);
    expect(problem('5')).toEqual(['VITE_VAPI_MAX_CALL_SECONDS must be at least 10 seconds']);
    expect(problem('2m')).toEqual(['VITE_VAPI_MAX_CALL_SECONDS must be a whole number of seconds']);
  });

  it('lists every missing variable at once in production', () => {
    const problems = problemsOf(() => parseConfig({}, 'production'));
    const requiredNames = REQUIRED_CONFIG_VARIABLES;
    expect(problems).toHaveLength(requiredNames.length);
    for (const name of requiredNames) {
      expect(problems).toContain(`${name} is missing`);
    }
  });

  it('names malformed URLs and blank values', () => {
    const problems = problemsOf(() =>
      parseConfig(
        {
          ...complete,
          VITE_SITE_URL: 'www.example.com',
          VITE_VAPI_PUBLIC_KEY: '  ',
          VITE_CONTACT_WEBHOOK_URL: 'ftp://x.y',
        },
        'production',
      ),
    );
    expect(problems).toEqual([
      'VITE_CONTACT_WEBHOOK_URL must be an absolute http(s) URL',
      'VITE_VAPI_PUBLIC_KEY is missing',
      'VITE_SITE_URL must be an absolute http(s) URL',
    ]);
  });

  it('refuses a service-role key or a secret key where the anon key belongs', () => {
    expect(
      problemsOf(() =>
        parseConfig(
          { ...complete, VITE_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }) },
          'production',
        ),
      ),
    ).toEqual([
      'VITE_SUPABASE_ANON_KEY is a JWT whose role is not "anon" (never put a service-role key in the site)',
    ]);
    expect(
      problemsOf(() =>
        parseConfig({ ...complete, VITE_SUPABASE_ANON_KEY: 'sb_secret_abc' }, 'production'),
      ),
    ).toHaveLength(1);
    expect(
      parseConfig({ ...complete, VITE_SUPABASE_ANON_KEY: jwt({ role: 'anon' }) }, 'production')
        .supabaseAnonKey,
    ).toContain('.');
  });

  it('runs the default profile locally, and lets the named public-key profile leave the voice demo unconfigured', () => {
    const local = localDefaults('http://localhost:4173', 'local-anon-key');
    const config = parseConfig(local, 'local');
    expect(config.vapi).toEqual({ auth: 'server', maxCallSeconds: 180 });
    // Book a time opens the local stack's stand-in for Cal.com, at another loopback origin.
    expect(config.booking).toEqual({
      url: 'http://127.0.0.1:4173/local/booking/owner/intro',
      provider: 'cal',
    });
    expect(config.leads).toEqual({ via: 'server' });
    expect(config.supabaseUrl).toBe('http://localhost:4173');
    const named = parseConfig(
      { ...local, VITE_VAPI_AUTH: 'public-key', VITE_LEADS: 'browser' },
      'local',
    );
    expect(named.vapi).toBeNull();
    expect(named.leads).toMatchObject({ webhookUrl: 'http://localhost:4173/local/webhook' });
    expect(
      problemsOf(() => parseConfig({ ...complete, VITE_VAPI_PUBLIC_KEY: '' }, 'production')),
    ).toEqual(['VITE_VAPI_PUBLIC_KEY is missing']);
  });
});
