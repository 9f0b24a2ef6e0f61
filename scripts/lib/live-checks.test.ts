import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrations } from '../../server/postgres/migrations';
import { LOCAL_SERVICE_ROLE_KEY } from '../../server/local-config';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_VITE_MODE, parseConfig } from '../../src/lib/config-schema';
import { twoTrades } from '../../src/test/trades';
import {
  checkLeadDeliveries,
  checkLiveSite,
  checkProfile,
  checkServerSide,
  migratedTables,
  cspDifferences,
  formatResults,
  pageFunctions,
  parseCsp,
  REQUEUE_FAILED_LEADS,
  serverStepFunctions,
} from './live-checks';
import { publicKeyWorstCase } from './profile-risk';
import { cspHash } from './security-headers';
import { resolveServiceRoleKey } from './site-config';

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
    /** The testing-key check's line, with the site served by `serve`. */
    const keyCheck = async (serve: typeof fetcher) =>
      (await checkLiveSite(site, defaults, { fetcher: serve })).find((result) =>
        result.what.includes('testing site key'),
      );
    const key = await keyCheck(fetcher);
    expect(key).toMatchObject({ ok: false });
    expect(key?.what).toContain('1x00000000000000000000AA');
    // A script that cannot be read is not taken for one without the key.
    delete pages['/assets/chunk-1.js'];
    const missing = await keyCheck(async (url) =>
      pages[new URL(url).pathname] === undefined
        ? new Response('not found', { status: 404 })
        : fetcher(url),
    );
    expect(missing).toMatchObject({
      ok: false,
      fix: expect.stringContaining('could not read /assets/chunk-1.js'),
    });
    pages['/assets/chunk-1.js'] = 'const config = {siteKey:"0x4AAAAAAA"};';
    const clean = await keyCheck(fetcher);
    expect(clean).toMatchObject({
      ok: true,
    });
    // A key in a chunk the page loads only later (imported by one it loads) is found too.
    pages['/assets/chunk-1.js'] = 'const form = () => import("./bot-check-2.js");';
    pages['/assets/bot-check-2.js'] = 'export const siteKey = "3x00000000000000000000FF";';
    const late = await keyCheck(fetcher);
    expect(late?.what).toContain('3x00000000000000000000FF');
    // Every page is read, not only the home page: a trade's page of site.config.ts too.
    pages['/assets/bot-check-2.js'] = 'export const siteKey = "0x4AAAAAAA";';
    const [{ path: tradePage, slug }] = twoTrades();
    const tradeChunk = `/assets/${slug}-3.js`;
    pages[tradePage] = `<script>load("${tradeChunk}")</script>`;
    pages[tradeChunk] = 'const key = "2x00000000000000000000AB";';
    const trade = await keyCheck(fetcher);
    expect(trade?.what).toContain('2x00000000000000000000AB');
    // A chunk the host answers with its fallback page was not read.
    pages[tradeChunk] = 'const key = "0x4AAAAAAA";';
    const fallback = await keyCheck(async (url) =>
      url.endsWith(tradeChunk)
        ? new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } })
        : fetcher(url),
    );
    expect(fallback).toMatchObject({
      ok: false,
      fix: expect.stringContaining(`could not read ${tradeChunk}`),
    });
  });

  it("checks the lead card's read wherever the server starts a call or chat", () => {
    const needed = (config: typeof defaults) =>
      pageFunctions(config).find((page) => page.name === 'call-report')?.needed;
    expect(needed(defaults)).toBe('the lead card (the report of a call or chat)');
    // The key in the page starts calls and chats, and no bot check: no start answers a ticket.
    expect(needed(named)).toBeNull();
  });

  it('says a function that answers 5xx to its preflight did not start, and why it may not have', async () => {
    const fetcher = async (url: string) =>
      url.includes('/functions/v1/submit-lead')
        ? new Response('failed TURNSTILE_SECRET_KEY is one of ...', { status: 503 })
        : new Response('');
    const results = await checkLiveSite('https://www.example.com', defaults, { fetcher });
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
    // The lead card's read (a deploy missing it would answer every card's read with 502).
    expect(names).toContain('call_report_read');
    // Only the functions the schema has: none for voice tokens.
    expect(names).not.toContain('voice_token_claim');
  });

  it('reads the migrations in the order they are applied: a drop counts only after its grant', () => {
    const grant = 'grant execute on function public.gone(jsonb) to service_role;';
    const drop = 'drop function public.gone(jsonb);';
    const one = (sql: string, file: string) => ({ file, sql });
    expect(serverStepFunctions([one(grant, '1.sql'), one(drop, '2.sql')])).toEqual([]);
    expect(serverStepFunctions([one(drop, '1.sql'), one(grant, '2.sql')])).toEqual(['gone']);
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
    const results = await checkServerSide(config, {
      fetcher,
      migrations: [{ file: '1_functions.sql', sql }],
    });
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

describe("check:live's tables: the database's own refusal, every table the migrations leave", () => {
  const config = parseConfig(REQUIRED, 'production');
  const migrations = [
    {
      file: '1_leads.sql',
      sql: 'create table public.leads (id uuid);\n-- create table public.commented (id uuid);',
    },
    {
      file: '2_counters.sql',
      sql: 'create table if not exists private.counters (n int);\ncreate table public.gone (id uuid);',
    },
    { file: '3_drop.sql', sql: 'drop table if exists public.gone;' },
  ];
  /** A data API answering each table's read with `answers[table]` (by schema.table). */
  const dataApi =
    (answers: Record<string, () => Response>) => async (url: string, init?: RequestInit) => {
      const table = /\/rest\/v1\/(\w+)/.exec(url)?.[1];
      const schema = new Headers(init?.headers).get('accept-profile') ?? 'public';
      return answers[`${schema}.${table}`]?.() ?? new Response('', { status: 500 });
    };
  const of = (results: { what: string }[], table: string) =>
    results.find((result) => result.what.includes(table));

  it('takes the tables from the migrations in order: created and not dropped, comments aside', async () => {
    expect(migratedTables(migrations)).toEqual([
      { schema: 'private', name: 'counters', file: '2_counters.sql' },
      { schema: 'public', name: 'leads', file: '1_leads.sql' },
    ]);
    const real = migratedTables(await readMigrations()).map((t) => `${t.schema}.${t.name}`);
    for (const table of [
      'public.contact_submissions',
      'public.callback_requests',
      'public.callback_do_not_call',
      'public.demo_calls',
      'public.web_calls',
      'public.web_call_reservations',
      'public.web_chats',
      'public.web_chat_messages',
      'private.lead_arrivals',
    ])
      expect(real).toContain(table);
    expect(real).not.toContain('public.voice_tokens');
  });

  it('passes only the database refusing anon (42501), or a schema the API does not expose', async () => {
    const results = await checkServerSide(config, {
      migrations,
      fetcher: dataApi({
        'public.leads': () => Response.json({ code: '42501' }, { status: 401 }),
        'private.counters': () => Response.json({ code: 'PGRST106' }, { status: 406 }),
      }),
    });
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(of(results, 'public.leads')?.what).toBe(
      'the anon key cannot read public.leads (the database refuses it)',
    );
  });

  it('fails a project without the migrations (404 PGRST205), naming the migration to apply from', async () => {
    const missing = () =>
      Response.json({ code: 'PGRST205', message: 'Could not find the table' }, { status: 404 });
    const results = await checkServerSide(config, {
      migrations,
      fetcher: dataApi({ 'public.leads': missing, 'private.counters': missing }),
    });
    expect(of(results, 'public.leads')).toMatchObject({
      ok: false,
      what: 'the database lacks public.leads (PGRST205)',
      fix: expect.stringContaining('from 1_leads.sql on (supabase db push'),
    });
    expect(of(results, 'private.counters')).toMatchObject({ ok: false });
  });

  it('fails a plain static host (its 404 page), a key the API refuses, and a table anon may read', async () => {
    const page = () => new Response('<h1>Not found</h1>', { status: 404 });
    const host = await checkServerSide(config, {
      migrations,
      fetcher: dataApi({ 'public.leads': page, 'private.counters': page }),
    });
    expect(host.every((result) => !result.ok)).toBe(true);
    expect(of(host, 'public.leads')?.what).toBe(
      "the read of public.leads answered 404, not the database's refusal",
    );
    const readable = await checkServerSide(config, {
      migrations,
      fetcher: dataApi({
        'public.leads': () => Response.json([{ id: 'a-lead' }]),
        'private.counters': () => Response.json([]),
      }),
    });
    expect(of(readable, 'public.leads')).toMatchObject({
      ok: false,
      what: 'the anon key reads public.leads (200)',
      fix: expect.stringContaining('revoke select on public.leads from anon'),
    });
    expect(of(readable, 'private.counters')).toMatchObject({
      ok: false,
      what: 'the anon key may select from private.counters (200)',
    });
    const wrongKey = await checkServerSide(config, {
      migrations,
      fetcher: dataApi({
        'public.leads': () => Response.json({ code: 'PGRST301' }, { status: 401 }),
      }),
    });
    expect(of(wrongKey, 'public.leads')).toMatchObject({
      ok: false,
      fix: expect.stringContaining('VITE_SUPABASE_ANON_KEY'),
    });
  });
});

describe("check:live's functions: deployed as supabase/config.toml says", () => {
  const config = parseConfig(REQUIRED, 'production');
  const gateway = () =>
    Response.json({ code: 401, message: 'Missing authorization header' }, { status: 401 });
  const own = () =>
    Response.json({ code: 'unauthorized', message: 'Unauthorized' }, { status: 401 });
  const functions = [
    { name: 'vapi-events', verifyJwt: false },
    { name: 'request-callback', verifyJwt: true },
  ];
  const host =
    (answers: Record<string, () => Response>) => async (url: string, init?: RequestInit) => {
      expect(new Headers(init?.headers).has('authorization')).toBe(false);
      return answers[url.split('/').at(-1)!]!();
    };

  it('passes each key check as config.toml says, and vapi-events refusing a request without its secret', async () => {
    const results = await checkServerSide(config, {
      functions,
      fetcher: host({ 'vapi-events': own, 'request-callback': gateway }),
    });
    expect(formatResults(results)).toEqual([
      "PASS  function vapi-events runs without the gateway's key check, as supabase/config.toml says",
      'PASS  function vapi-events refuses a request without the secret',
      "PASS  function request-callback is behind the gateway's key check, as supabase/config.toml says",
    ]);
  });

  it("fails vapi-events behind the gateway's JWT check (every Vapi report refused), and a function without it", async () => {
    const results = await checkServerSide(config, {
      functions,
      fetcher: host({
        'vapi-events': gateway,
        'request-callback': () => Response.json({ code: 'bad_request' }, { status: 400 }),
      }),
    });
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      ok: false,
      what: "function vapi-events is behind the gateway's key check (401 Missing authorization header)",
      fix: expect.stringContaining('--no-verify-jwt". Until then Vapi sends no Supabase key'),
    });
    expect(results[1]).toMatchObject({
      ok: false,
      what: "function request-callback answered 400 without a key: the gateway's key check is off",
    });
  });

  it('fails vapi-events answering anything but its own refusal (no secret set), and skips one not deployed', async () => {
    const results = await checkServerSide(config, {
      functions,
      fetcher: host({
        'vapi-events': () => Response.json({ ok: true, ignored: 'status-update' }),
        'request-callback': () =>
          Response.json(
            { code: 'NOT_FOUND', message: 'Requested function was not found' },
            { status: 404 },
          ),
      }),
    });
    expect(formatResults(results)).toEqual([
      "PASS  function vapi-events runs without the gateway's key check, as supabase/config.toml says",
      expect.stringMatching(
        /^FAIL {2}function vapi-events answered 200 to a request without the secret: set VAPI_WEBHOOK_SECRET/,
      ),
      'SKIP  function request-callback: not deployed, so its key check is not checked',
    ]);
  });
});

describe("check:live's count of the leads stored but not delivered", () => {
  const config = parseConfig(REQUIRED, 'production');
  const KEY = 'sb_secret_check-live-test-key-0123456789';
  const RPC = 'https://abc.supabase.co/rest/v1/rpc/lead_deliveries_pending';
  /** Ids as the outbox keeps them (a lead's id). */
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const lead = (n: number, state: 'failed' | 'overdue' | 'waiting', lastError?: string) => ({
    id: id(n),
    created_at: '2026-12-05T10:00:00Z',
    attempts: state === 'failed' ? 10 : 1,
    failed: state === 'failed',
    overdue: state === 'overdue',
    next_attempt_at: '2026-12-05T10:00:30Z',
    last_error: lastError ?? (state === 'waiting' ? null : 'the webhook refused or did not answer'),
  });
  const counted = (leads: ReturnType<typeof lead>[], extra: Record<string, number> = {}) => ({
    count: leads.length,
    failed: leads.filter((entry) => entry.failed).length,
    overdue: leads.filter((entry) => entry.overdue).length,
    grace_seconds: 120,
    leads,
    ...extra,
  });
  /** A data API answering the function's call with `answer`, recording each request. */
  function dataApi(answer: () => Response | Promise<Response>) {
    const requests: { url: string; init?: RequestInit }[] = [];
    const fetcher = async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      return answer();
    };
    return { fetcher, requests };
  }
  const check = (
    answer: () => Response | Promise<Response>,
    serviceRoleKey: string | undefined = KEY,
  ) => checkLeadDeliveries(config, { fetcher: dataApi(answer).fetcher, serviceRoleKey });
  const line = async (...args: Parameters<typeof check>) => {
    const printed = formatResults([await check(...args)]);
    expect(printed.join('\n')).not.toContain(KEY);
    return printed[0]!;
  };

  it('is skipped without the key, naming the variable that enables it, and asks nothing', async () => {
    const api = dataApi(() => Response.json(counted([])));
    const result = await checkLeadDeliveries(config, { fetcher: api.fetcher });
    expect(formatResults([result])).toEqual([
      "SKIP  the leads stored but not delivered: not checked (set SUPABASE_SERVICE_ROLE_KEY, the project's service-role key, in the shell or .env to check them)",
    ]);
    expect(api.requests).toEqual([]);
  });

  it("calls the function through the project's data API with the service-role key, and passes when every lead is delivered", async () => {
    const api = dataApi(() => Response.json(counted([])));
    const result = await checkLeadDeliveries(config, {
      fetcher: api.fetcher,
      serviceRoleKey: KEY,
    });
    expect(formatResults([result])).toEqual(['PASS  every lead stored is delivered']);
    expect(api.requests).toHaveLength(1);
    const [{ url, init }] = api.requests as [{ url: string; init: RequestInit }];
    expect(url).toBe(RPC);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ apikey: KEY, Authorization: `Bearer ${KEY}` });
    expect(JSON.parse(init.body as string)).toEqual({ request: { limit: 50 } });
  });

  it('passes leads waiting for their next attempt within the schedule, naming them', async () => {
    expect(await line(() => Response.json(counted([lead(1, 'waiting'), lead(2, 'waiting')])))).toBe(
      `PASS  2 leads stored and not yet delivered, each waiting for its next attempt within the schedule: ${id(1)}, ${id(2)}`,
    );
  });

  it('fails overdue leads by id: deliver-webhooks is not running, or has no webhook address', async () => {
    const printed = await line(() =>
      Response.json(counted([lead(1, 'overdue'), lead(2, 'waiting')])),
    );
    expect(printed).toMatch(
      new RegExp(
        `^FAIL {2}2 leads stored but not delivered: 1 overdue \\(${id(1)}\\), 1 waiting for their next attempt \\(${id(2)}\\): the overdue fell due over 2 minutes ago`,
      ),
    );
    expect(printed).toContain('deliver-webhooks is not running on its schedule');
    expect(printed).toContain('docs/deploy.md step 5.4');
    expect(printed).toContain('CONTACT_WEBHOOK_URL');
    expect(printed).not.toContain('requeue');
  });

  it('fails failed leads by id with their last error, and says how to requeue them', async () => {
    const printed = await line(() =>
      Response.json(counted([lead(1, 'failed', 'HTTP 500'), lead(2, 'failed', 'HTTP 500')])),
    );
    expect(printed).toMatch(
      new RegExp(
        `^FAIL {2}2 leads stored but not delivered: 2 failed \\(${id(1)}, ${id(2)}\\): your automation refused the failed`,
      ),
    );
    expect(printed).toContain('(last error: "HTTP 500")');
    expect(printed).toContain(`requeue them in the SQL editor with ${REQUEUE_FAILED_LEADS}`);
    expect(printed).not.toContain('deliver-webhooks');
    expect(printed).toContain('Each lead is in contact_submissions meanwhile');
  });

  it('names both fixes for failed and overdue leads at once, and counts those it does not list', async () => {
    const listed = [lead(1, 'failed'), lead(2, 'overdue')];
    const printed = await line(() =>
      Response.json(counted(listed, { count: 120, failed: 30, overdue: 70 })),
    );
    expect(printed).toContain(
      `FAIL  120 leads stored but not delivered: 30 failed (${id(1)}, 29 more not listed), 70 overdue (${id(2)}, 69 more not listed), 20 waiting for their next attempt (20 more not listed): `,
    );
    expect(printed).toContain('deliver-webhooks is not running');
    expect(printed).toContain(REQUEUE_FAILED_LEADS);
  });

  it('fails a project without the function, a refused key and an answer that is not the count, never printing the key', async () => {
    expect(await line(() => Response.json({ code: 'PGRST202' }, { status: 404 }))).toBe(
      'FAIL  the database lacks lead_deliveries_pending (PGRST202), so the leads stored but not delivered were not counted: apply the migrations to the project (supabase db push, docs/deploy.md step 3)',
    );
    expect(
      await line(() => Response.json({ message: 'Invalid API key' }, { status: 401 })),
    ).toMatch(
      /^FAIL {2}SUPABASE_SERVICE_ROLE_KEY was refused \(401\), so the leads stored but not delivered were not counted: set it to this project's service-role key/,
    );
    // The anon key given as the service-role key: the database refuses it.
    expect(await line(() => Response.json({ code: '42501' }, { status: 401 }))).toMatch(
      /^FAIL {2}SUPABASE_SERVICE_ROLE_KEY was refused \(401 42501\)/,
    );
    expect(await line(() => new Response('<html>', { status: 200 }))).toMatch(
      /^FAIL {2}the call of lead_deliveries_pending answered 200, not the count of the leads stored but not delivered: is https:\/\/abc\.supabase\.co this project's Supabase URL/,
    );
    expect(
      await line(() => {
        throw new TypeError('fetch failed');
      }),
    ).toBe(
      `FAIL  the leads stored but not delivered: no answer from ${RPC} (TypeError: fetch failed)`,
    );
  });

  it('runs in the whole check with the key it is given, after the database functions', async () => {
    const fetcher = async (url: string) =>
      url === RPC ? Response.json(counted([lead(7, 'failed')])) : new Response('');
    const results = await checkLiveSite('https://www.example.com', config, {
      fetcher,
      serviceRoleKey: KEY,
    });
    const last = formatResults(results).at(-1)!;
    expect(last).toMatch(
      new RegExp(`^FAIL {2}1 lead stored but not delivered: 1 failed \\(${id(7)}\\)`),
    );
    expect(formatResults(results).join('\n')).not.toContain(KEY);
  });
});

describe("check:live's service-role key", () => {
  it("reads the shell's over .env, .env's without it, none when neither has one, and the local stack's own in local mode", async () => {
    const root = await mkdtemp(join(tmpdir(), 'check-live-env-'));
    try {
      vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', undefined);
      expect(resolveServiceRoleKey('production', root)).toBeUndefined();
      await writeFile(join(root, '.env'), 'SUPABASE_SERVICE_ROLE_KEY=from-dotenv\n');
      expect(resolveServiceRoleKey('production', root)).toBe('from-dotenv');
      vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'from-shell');
      expect(resolveServiceRoleKey('production', root)).toBe('from-shell');
      expect(resolveServiceRoleKey(LOCAL_VITE_MODE, root)).toBe(LOCAL_SERVICE_ROLE_KEY);
    } finally {
      vi.unstubAllEnvs();
      await rm(root, { recursive: true, force: true });
    }
  });
});
