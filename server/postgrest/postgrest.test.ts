import { describe, expect, it, vi } from 'vitest';
import { ESTIMATE_MAX } from '../../supabase/functions/_shared/contracts/origin';
import { createSupabaseInsert } from '../../src/features/contact/supabase-insert';
import { listSubmissions } from '../inbox/local-routes';
import { insertHeaders, localStackForTests, nextAddress, randomLead } from '../tests/helpers';
import { LOCAL_ROUTES } from '../../src/lib/local-stack-routes';

const KEY = 'test-anon-key';
const logged: string[] = [];
const local = localStackForTests(KEY, (line) => logged.push(line));

const post = (body: unknown, headers: Record<string, string> = {}) =>
  local.stack.app.request('/rest/v1/contact_submissions', {
    method: 'POST',
    // Each request from its own address unless a test says otherwise (the per-address limit).
    headers: insertHeaders(KEY, headers),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const count = async () => (await listSubmissions(local.stack.db)).length;

describe("the local stand-in for Supabase's data API", () => {
  it('stores where a lead came from (page, utm, estimate, demo_call), all optional', async () => {
    const lead = randomLead({
      page: '/about-me',
      utm: { utm_source: 'google', utm_campaign: 'spring' },
      estimate: 10000,
      demo_call: true,
    });
    expect((await post(lead)).status).toBe(201);
    const stored = (await listSubmissions(local.stack.db)).find((row) => row.id === lead.id);
    expect(stored).toMatchObject({
      page: '/about-me',
      utm: { utm_source: 'google', utm_campaign: 'spring' },
      estimate: 10000,
      demo_call: true,
    });
    // A lead from before these columns (the spec's fields alone) is stored as ever.
    const { id, name, email, phone, company, message, created_at } = randomLead();
    expect((await post({ id, name, email, phone, company, message, created_at })).status).toBe(201);
  });

  it('stores a valid row: 201 with no body, and logs one line for it', async () => {
    const lead = randomLead({ company: 'Lee Roofing' });
    const response = await post(lead);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
    const stored = (await listSubmissions(local.stack.db)).find((row) => row.id === lead.id);
    expect(stored).toMatchObject({
      name: 'Dana Lee',
      company: 'Lee Roofing',
      created_at: new Date(lead.created_at).toISOString(),
    });
    expect(logged.some((line) => line.includes(lead.id) && line.startsWith('[lead]'))).toBe(true);
  });

  it('answers a second insert of the same id with 409 and code 23505, storing nothing more', async () => {
    const lead = randomLead();
    expect((await post(lead)).status).toBe(201);
    const before = await count();
    const again = await post({ ...lead, message: 'changed' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key'),
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ['no key', { apikey: '', authorization: '' }],
    ['a wrong apikey', { apikey: 'nope' }],
    ['a wrong bearer', { authorization: 'Bearer nope' }],
  ])('refuses %s with 401', async (_what, headers) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
    const response = await local.stack.app.request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...('apikey' in headers && headers.apikey === '' ? {} : { apikey: KEY }),
        ...('authorization' in headers && headers.authorization === ''
          ? {}
          : { authorization: `Bearer ${KEY}` }),
        ...clean,
      },
      body: JSON.stringify(randomLead()),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      code: 'PGRST301',
      message: 'Invalid API key',
      details: null,
      hint: expect.any(String),
    });
  });

  it('answers malformed JSON with 400 PGRST102 and an oversized body with 413', async () => {
    const before = await count();
    const bad = await post('{"name": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
    const huge = await post(randomLead({ message: 'x'.repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await count()).toBe(before);
  });

  // The insert policy holds the lead rules (lead-rules.ts): a row that breaks one is refused as
  // row-level security refuses (401 for anon, 42501); the CHECK constraints say the same for any
  // role, and refuse what the policy does not look at (400, 23514 and the type errors).
  it.each([
    {
      what: 'a name over 200 bytes',
      change: { name: 'n'.repeat(201) },
      status: 401,
      code: '42501',
    },
    {
      what: 'an email over 254 bytes',
      change: { email: `${'e'.repeat(243)}@example.com` },
      status: 401,
      code: '42501',
    },
    {
      what: 'a phone over 40 bytes',
      change: { phone: '5'.repeat(41) },
      status: 401,
      code: '42501',
    },
    {
      what: 'a company over 200 bytes',
      change: { company: 'é'.repeat(101) },
      status: 401,
      code: '42501',
    },
    {
      what: 'a message over 5000 bytes',
      change: { message: 'm'.repeat(5001) },
      status: 401,
      code: '42501',
    },
    { what: 'an id that is not a UUID', change: { id: 'not-a-uuid' }, status: 400, code: '22P02' },
    {
      what: 'a created_at that is not a time',
      change: { created_at: 'not a time' },
      status: 400,
      code: '22007',
    },
    {
      what: 'a page that is not a path',
      change: { page: 'https://x.example/' },
      status: 401,
      code: '42501',
    },
    {
      what: 'a page over 200 bytes',
      change: { page: `/${'p'.repeat(200)}` },
      status: 401,
      code: '42501',
    },
    {
      what: 'utm that is not an object',
      change: { utm: ['utm_source'] },
      status: 401,
      code: '42501',
    },
    {
      what: 'a utm value over 100 bytes',
      change: { utm: { utm_source: 'u'.repeat(101) } },
      status: 401,
      code: '42501',
    },
    { what: 'a negative estimate', change: { estimate: -1 }, status: 400, code: '23514' },
    {
      what: 'an estimate over the bound of every estimate kept',
      change: { estimate: ESTIMATE_MAX + 1 },
      status: 400,
      code: '23514',
    },
  ])(
    'refuses $what with $status and Postgres code $code, storing nothing',
    async ({ change, status, code }) => {
      const before = await count();
      const response = await post(randomLead(change));
      expect(response.status).toBe(status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.code).toBe(code);
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(await count()).toBe(before);
    },
  );

  it('refuses a missing message by the insert policy (401 42501), storing nothing', async () => {
    const before = await count();
    const response = await post(randomLead({ message: null }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: '42501' });
    expect(await count()).toBe(before);
  });

  it('refuses an unknown column with 400 PGRST204', async () => {
    const response = await post(randomLead({ is_admin: true }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST204' });
  });

  it('lets anon neither read, change nor delete rows: 401 permission denied, rows untouched', async () => {
    const lead = randomLead();
    await post(lead);
    const before = await listSubmissions(local.stack.db);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const response = await local.stack.app.request(
        `/rest/v1/contact_submissions?id=eq.${lead.id}`,
        {
          method,
          headers: {
            apikey: KEY,
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
          },
          ...(method === 'PATCH' || method === 'PUT'
            ? { body: JSON.stringify({ message: 'hacked' }) }
            : {}),
        },
      );
      expect(response.status, method).toBe(401);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: '42501' });
      expect(JSON.stringify(body)).not.toContain(lead.email === 'x' ? 'x' : lead.id);
    }
    // Asking for the row back after an insert needs SELECT, which anon does not have.
    const withReturn = await post(randomLead(), { prefer: 'return=representation' });
    expect(withReturn.status).toBe(401);
    expect(await listSubmissions(local.stack.db)).toEqual(before);
  });

  it('answers a read of any table as PostgREST does: refused by the grants, missing, or a schema not exposed', async () => {
    const read = (table: string, headers: Record<string, string> = {}) =>
      local.stack.app.request(`/rest/v1/${table}?select=*&limit=1`, {
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, ...headers },
      });
    for (const table of ['web_chats', 'web_calls', 'callback_do_not_call', 'demo_calls']) {
      const refused = await read(table);
      expect(refused.status, table).toBe(401);
      expect(await refused.json(), table).toMatchObject({ code: '42501' });
    }
    const missing = await read('no_such_table');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'PGRST205' });
    const hidden = await read('lead_arrivals', { 'accept-profile': 'private' });
    expect(hidden.status).toBe(406);
    expect(await hidden.json()).toMatchObject({ code: 'PGRST106' });
    // A grant loosened by hand is read as PostgREST reads it (the stand-in hands out no row).
    await local.stack.db.exec('grant select on public.web_chats to anon');
    try {
      const allowed = await read('web_chats');
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toEqual([]);
    } finally {
      await local.stack.db.exec('revoke select on public.web_chats from anon');
    }
  });

  it('stores 300 concurrent inserts exactly once each, and refuses every duplicate', async () => {
    const before = await count();
    const leads = Array.from({ length: 300 }, () => randomLead());
    const first = await Promise.all(leads.map((lead) => post(lead)));
    expect(first.map((r) => r.status)).toEqual(leads.map(() => 201));
    const again = await Promise.all(leads.map((lead) => post(lead)));
    expect(again.map((r) => r.status)).toEqual(leads.map(() => 409));
    const stored = await listSubmissions(local.stack.db);
    expect(stored.length).toBe(before + 300);
    const ids = new Set(stored.map((row) => row.id));
    expect(leads.every((lead) => ids.has(lead.id))).toBe(true);
  });

  it('speaks the contract supabase-js expects: the real client inserts, and sees 23505 on a repeat', async () => {
    // supabase-js wants a WebSocket class to exist (for realtime, unused here); Node 20 has none.
    vi.stubGlobal('WebSocket', class {});
    const viaApp: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', nextAddress());
      return local.stack.app.request(input instanceof Request ? input : String(input), {
        ...init,
        headers,
      });
    };
    const insert = createSupabaseInsert('http://localhost:4173', KEY, viaApp);
    const lead = randomLead();
    const controller = new AbortController();
    expect(await insert(lead, controller.signal)).toEqual({ ok: true });
    expect(await insert(lead, controller.signal)).toMatchObject({
      ok: false,
      status: 409,
      code: '23505',
    });
    const wrongKey = createSupabaseInsert('http://localhost:4173', 'wrong', viaApp);
    expect(await wrongKey(randomLead(), controller.signal)).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('keeps the webhook deliveries it receives, and refuses non-JSON', async () => {
    const payload = { ...randomLead(), created_at: 'November 22, 2026 at 6:17 AM PST' };
    const ok = await local.stack.app.request(LOCAL_ROUTES.webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(ok.status).toBe(200);
    const deliveries = (await (
      await local.stack.app.request(LOCAL_ROUTES.webhookDeliveriesJson)
    ).json()) as { payload: unknown }[];
    expect(deliveries[0]?.payload).toEqual(payload);
    const bad = await local.stack.app.request(LOCAL_ROUTES.webhook, {
      method: 'POST',
      body: 'nope',
    });
    expect(bad.status).toBe(400);
  });

  it('shows submissions, newest first, in the inbox page and JSON', async () => {
    const html = await (await local.stack.app.request(LOCAL_ROUTES.inbox)).text();
    expect(html).toContain('Local leads inbox');
    expect(html).toContain('Dana Lee');
    const json = (await (
      await local.stack.app.request(LOCAL_ROUTES.leadsJson)
    ).json()) as unknown[];
    expect(json.length).toBe(await count());
  });
});
