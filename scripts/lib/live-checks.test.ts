import { readMigrations } from '../../server/postgres/migrations';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config-schema';
import {
  checkLiveSite,
  checkProfile,
  cspDifferences,
  formatResults,
  parseCsp,
  serverStepFunctions,
} from './live-checks';
import { publicKeyWorstCase } from './profile-risk';
import { cspHash } from './security-headers';

const HTML = '<head><script>boot()</script><style>h1{color:red}</style></head>';
const BUILT = `default-src 'self'; script-src 'self' ${cspHash('boot()')}; style-src 'self' ${cspHash('h1{color:red}')}; connect-src 'self' https://api.vapi.ai`;

describe("check:live's CSP comparison", () => {
  it('passes the CSP the build makes', () => {
    expect(cspDifferences(BUILT, BUILT, HTML)).toEqual([]);
  });

  it("names an origin the host dropped, one it added and a directive that is not the build's", () => {
    const served = `default-src 'self'; script-src 'self' ${cspHash('boot()')}; style-src 'self' ${cspHash('h1{color:red}')}; connect-src 'self' https://evil.example; img-src *`;
    expect(cspDifferences(served, BUILT, HTML)).toEqual([
      'connect-src lacks https://api.vapi.ai',
      'connect-src allows https://evil.example, which the build does not use',
      "img-src is not the build's",
    ]);
  });

  it("says when the page's own inline script or style is not allowed (a stale policy)", () => {
    const stale = BUILT.replace(cspHash('boot()'), cspHash('old()'));
    expect(cspDifferences(stale, BUILT, HTML)).toEqual([
      'script-src lacks the hash of 1 inline script(s)',
    ]);
  });

  it('reads directives case-insensitively and prints one line per check', () => {
    expect([...parseCsp("Default-Src 'self'").keys()]).toEqual(['default-src']);
    expect(
      formatResults([
        { ok: true, what: 'a' },
        { ok: true, what: 'b', skipped: true },
        { ok: false, what: 'c', fix: 'do d' },
      ]),
    ).toEqual(['PASS  a', 'SKIP  b', 'FAIL  c: do d']);
  });
});

/** A production build's required variables, and nothing else. */
const REQUIRED = {
  VITE_SUPABASE_URL: 'https://abc.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
  VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
  VITE_SITE_URL: 'https://www.example.com',
  VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAA',
};

describe("check:live's profile and testing keys", () => {
  const defaults = parseConfig(REQUIRED, 'production');
  const named = parseConfig(
    {
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'sb_publishable_123',
      VITE_DEMO_VIDEO_URL: 'https://video.example.com/demo',
      VITE_SITE_URL: 'https://www.example.com',
      VITE_VAPI_AUTH: 'public-key',
      VITE_VAPI_PUBLIC_KEY: 'pk',
      VITE_VAPI_ASSISTANT_ID: 'asst',
      VITE_LEADS: 'browser',
      VITE_CONTACT_WEBHOOK_URL: 'https://hooks.example.com/webhook/lead',
    },
    'production',
  );

  it('passes the default profile and fails each named browser path with its worst case a day', () => {
    expect(checkProfile(defaults)).toEqual([
      {
        ok: true,
        what: 'the build ships no Vapi key and no webhook address (the default profile)',
      },
    ]);
    const [publicKey, browserLeads] = checkProfile(named);
    expect(publicKey).toMatchObject({ ok: false });
    expect(publicKey?.what).toContain('$1,440 to $2,880 a day');
    expect(publicKey?.what).toContain('$4,320 to $17,280 a day');
    expect(publicKey?.fix).toContain('--accept-public-key');
    expect(browserLeads).toMatchObject({ ok: false });
    expect(browserLeads?.fix).toContain('--accept-browser-leads');
    // Accepted, each passes and still says what it costs.
    const accepted = checkProfile(
      named,
      new Set(['--accept-public-key', '--accept-browser-leads']),
    );
    expect(accepted.every((result) => result.ok)).toBe(true);
    expect(accepted[0]?.what).toContain('$1,440 to $2,880 a day');
  });

  it("states docs/security.md's figures (the formula is one place)", () => {
    expect(publicKeyWorstCase()).toEqual({
      callMinutes: 14_400,
      callDollars: [1_440, 2_880],
      chatMessages: 864_000,
      chatDollars: [4_320, 17_280],
    });
  });

  it("fails a deployed page that carries Cloudflare's testing site key, found in the scripts it loads", async () => {
    const site = 'https://www.example.com';
    const pages: Record<string, string> = {
      '/': '<script>load("/assets/index-abc.js",["/assets/chunk-1.js"])</script>',
      '/assets/index-abc.js': 'export const a = 1;',
      '/assets/chunk-1.js': 'const config = {siteKey:"1x00000000000000000000AA"};',
    };
    const fetcher = async (url: string) => new Response(pages[new URL(url).pathname] ?? '');
    const results = await checkLiveSite(site, defaults, fetcher);
    const key = results.find((result) => result.what.includes('testing site key'));
    expect(key).toMatchObject({ ok: false });
    expect(key?.what).toContain('1x00000000000000000000AA');
    // A script that cannot be read is not taken for one without the key.
    delete pages['/assets/chunk-1.js'];
    const missing = await checkLiveSite(site, defaults, async (url) =>
      pages[new URL(url).pathname] === undefined
        ? new Response('not found', { status: 404 })
        : fetcher(url),
    );
    expect(missing.find((result) => result.what.includes('testing site key'))).toMatchObject({
      ok: false,
      fix: expect.stringContaining('could not read /assets/chunk-1.js'),
    });
    pages['/assets/chunk-1.js'] = 'const config = {siteKey:"0x4AAAAAAA"};';
    const clean = await checkLiveSite(site, defaults, fetcher);
    expect(clean.find((result) => result.what.includes('testing site key'))).toMatchObject({
      ok: true,
    });
  });

  it('says a function that answers 5xx to its preflight did not start, and why it may not have', async () => {
    const fetcher = async (url: string) =>
      url.includes('/functions/v1/submit-lead')
        ? new Response('failed TURNSTILE_SECRET_KEY is one of ...', { status: 503 })
        : new Response('');
    const results = await checkLiveSite('https://www.example.com', defaults, fetcher);
    const submit = results.find((result) => result.what.startsWith('function submit-lead'));
    expect(submit).toMatchObject({
      ok: false,
      what: 'function submit-lead did not start (answered 503)',
    });
    expect(submit?.fix).toContain('testing TURNSTILE_SECRET_KEY');
  });
});

describe("check:live's database functions", () => {
  const config = parseConfig(REQUIRED, 'production');

  it('takes the functions the migrations grant to service_role and do not drop later', async () => {
    const names = serverStepFunctions(await readMigrations());
    expect(names).toContain('lead_submit');
    expect(names).toContain('lead_delivery');
    expect(names).toContain('web_call_press');
    // Granted in one migration, dropped in a later one.
    expect(names).not.toContain('voice_token_claim');
  });

  it('reads the migrations in the order they are applied: a drop counts only after its grant', () => {
    const grant = 'grant execute on function public.gone(jsonb) to service_role;';
    const drop = 'drop function public.gone(jsonb);';
    expect(serverStepFunctions([grant, drop])).toEqual([]);
    expect(serverStepFunctions([drop, grant])).toEqual(['gone']);
  });

  it('passes a function anon may not call (42501), fails a missing one (PGRST202) and one anon may call', async () => {
    const answers: Record<string, Response> = {
      lead_submit: Response.json({ code: '42501' }, { status: 401 }),
      lead_delivery: Response.json({ code: 'PGRST202' }, { status: 404 }),
      web_call_press: Response.json({ state: 'unreserved' }, { status: 200 }),
    };
    const fetcher = async (url: string) => {
      const name = /\/rpc\/(\w+)$/.exec(url)?.[1];
      return name ? answers[name]!.clone() : new Response('');
    };
    const sql = ['lead_submit', 'lead_delivery', 'web_call_press']
      .map((name) => `grant execute on function public.${name}(jsonb) to service_role;`)
      .join('\n');
    const results = await checkLiveSite('https://www.example.com', config, fetcher, new Set(), [
      sql,
    ]);
    const of = (name: string) => results.find((result) => result.what.includes(name));
    expect(of('lead_submit')).toMatchObject({ ok: true });
    expect(of('lead_delivery')).toMatchObject({
      ok: false,
      what: 'the database lacks lead_delivery (PGRST202)',
    });
    expect(of('lead_delivery')?.fix).toContain('supabase db push');
    expect(of('web_call_press')).toMatchObject({ ok: false });
  });
});
