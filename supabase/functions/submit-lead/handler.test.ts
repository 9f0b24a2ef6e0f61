// Deno tests of submit-lead: the handler called with a Request, Cloudflare faked at fetch and the
// database's lead_submit faked as a function (its SQL is tested in supabase/tests/lead-guards.sql.test.ts).
import assert from 'node:assert/strict';
import { fakeOutbox } from '../_shared/tests/outbox.ts';
import { postJson } from '../_shared/tests/request.ts';
import { storedLead } from '../_shared/tests/stored-lead.ts';
import { twoTrades } from '../_shared/tests/trades.ts';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { createHandler } from './handler.ts';

const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
/** A trade of site.config.ts. */
const [, TRADE] = twoTrades();
const TURNSTILE = 'https://turnstile.test/siteverify';
/** Cloudflare's answer for a token solved for this form on the site. */
const SOLVED = { success: true, action: 'lead', hostname: 'site.test' };

/** The webhook the function posts each lead to, and the owner's secret it signs with. */
const WEBHOOK = 'https://automation.test/webhook/lead';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** The stored lead, as the table gives it back. */
const STORED = storedLead({
  utm: { utm_source: 'google' },
  estimate: 1200,
  demo_call: true,
  trade: TRADE,
});
/** The stored lead with `id`, as lead_delivery's claim gives it. */
const leadOf = (id: string) => ({ lead: { ...STORED, id } });

function harness(
  turnstile: Response | 'network' = Response.json(SOLVED),
  database: (request: Record<string, unknown>) => unknown = () => ({ outcome: 'stored' }),
  webhook: { url?: string | null; answer?: () => Response; failDone?: boolean } = {},
) {
  const calls: Record<string, unknown>[] = [];
  const verified: string[] = [];
  const posted: { body: Record<string, unknown>; text: string; headers: Headers }[] = [];
  const store = fakeOutbox({ failDone: webhook.failDone });
  const handler = createHandler({
    origins: ['https://site.test'],
    turnstile: {
      secret: 'secret',
      verifyUrl: TURNSTILE,
      timeoutMs: 50,
      fetch: async (input, init) => {
        assert.equal(String(input), TURNSTILE);
        verified.push(String(init?.body instanceof FormData ? init.body.get('remoteip') : ''));
        if (turnstile === 'network') throw new TypeError('connection refused');
        return turnstile.clone();
      },
    },
    database: async (name, request) => {
      if (name === 'lead_delivery') return store.call(request);
      assert.equal(name, 'lead_submit');
      calls.push(request);
      const outcome = await database(request);
      const id = String((request.lead as { id: string }).id);
      if ((outcome as { outcome: string }).outcome === 'stored') store.enqueue(id, leadOf(id));
      return outcome;
    },
    webhook: {
      ...(webhook.url === null ? { url: null } : { url: WEBHOOK, secret: SECRET }),
      sleep: async () => {},
      fetch: async (input, init) => {
        assert.equal(String(input), WEBHOOK);
        posted.push({
          body: JSON.parse(String(init?.body)) as Record<string, unknown>,
          text: String(init?.body),
          headers: new Headers(init?.headers),
        });
        return webhook.answer?.() ?? new Response('ok');
      },
    },
  });
  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    handler(postJson('submit-lead', body, headers));
  return { send, calls, verified, posted, store };
}

const lead = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  name: 'Dana Lee',
  email: 'dana@example.com',
  phone: '555 010 2030',
  company: '',
  message: 'Please call me back.',
  created_at: '2026-11-24T06:17:00-08:00',
  page: '/',
  utm: { utm_source: 'google', ref: 'x' },
  estimate: 1200,
  demo_call: true,
  visit_id: null,
  trade: TRADE,
  captcha: 'XXXX.DUMMY.TOKEN.XXXX',
  ...overrides,
});

Deno.test(
  'stores a lead that passed the bot check: 201, the lead cleaned, the address passed',
  async () => {
    const { send, calls, verified } = harness();
    const response = await send(lead());
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://site.test');
    assert.deepEqual(verified, ['203.0.113.7']);
    assert.deepEqual(calls, [
      {
        client_address: '203.0.113.7',
        bot_checked: true,
        // The lead as the table keeps it, with the time as the page sent it.
        lead: { ...STORED, id: ID, created_at: '2026-11-24T06:17:00-08:00' },
      },
    ]);
  },
);

Deno.test('refuses a failed or unreachable bot check with 403, storing nothing', async () => {
  for (const answer of [Response.json({ success: false }), 'network' as const]) {
    const { send, calls } = harness(answer);
    const response = await send(lead());
    assert.equal(response.status, 403);
    assert.equal((await response.json()).code, 'captcha_failed');
    assert.equal(calls.length, 0);
  }
});

Deno.test('applies the lead rules before the bot check: 400 23514 naming the fields', async () => {
  for (const [change, field] of [
    [{ name: '\u3164\u2800' }, 'name'],
    [{ name: 'Dana\u001b' }, 'name'],
    [{ email: '"><img/src=x/onerror=alert(1)>@x.co' }, 'email'],
    [{ message: 'x\u202e' }, 'message'],
    [{ message: 'é'.repeat(2501) }, 'message'],
    [{ phone: '' }, 'phone'],
  ] as const) {
    const { send, calls, verified } = harness();
    const response = await send(lead(change));
    assert.equal(response.status, 400, JSON.stringify(change));
    const body = await response.json();
    assert.equal(body.code, '23514');
    assert.match(body.details, new RegExp(field));
    assert.equal(calls.length + verified.length, 0);
  }
  const { send } = harness();
  assert.equal((await send(lead({ id: 'not-a-uuid' }))).status, 400);
});

Deno.test('drops what a lead does not keep: another site, other utm keys', async () => {
  const { send, calls } = harness();
  await send(lead({ page: '//evil.example/login', utm: JSON.parse('{"__proto__":{"a":1}}') }));
  const stored = calls[0]?.lead as Record<string, unknown>;
  assert.equal(stored.page, null);
  assert.equal(stored.utm, null);
});

Deno.test(
  "answers as the data API: 409 23505 for a stored id, the guards' 429 with Retry-After",
  async () => {
    const message = 'duplicate key value violates unique constraint "contact_submissions_pkey"';
    let response = await harness(undefined, () => ({ outcome: 'exists', message }), {
      url: null,
    }).send(lead());
    assert.equal(response.status, 409);
    assert.deepEqual(await response.json(), {
      code: '23505',
      message,
      details: null,
      hint: null,
      delivered: false,
    });

    const body = { code: 'LG004', message: 'Too many', details: 'x', hint: 'Try again later.' };
    response = await harness(undefined, () => ({
      outcome: 'refused',
      status: 429,
      headers: { 'Retry-After': '86400' },
      body,
    })).send(lead());
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), '86400');
    assert.deepEqual(await response.json(), body);

    response = await harness(undefined, () => ({
      outcome: 'invalid',
      code: '23514',
      message: 'violates check constraint',
    })).send(lead());
    assert.equal(response.status, 400);
  },
);

Deno.test('says so, with 503, when the database does not answer', async () => {
  const response = await harness(undefined, () => {
    throw new Error('database lead_submit: 503');
  }).send(lead());
  assert.equal(response.status, 503);
  assert.equal((await response.json()).code, 'database_unavailable');
});

Deno.test('reads a missing address as null for the database (its shared bucket)', async () => {
  const { send, calls } = harness();
  await send(lead(), { 'x-forwarded-for': '' });
  assert.equal(calls[0]?.client_address, null);
});

Deno.test(
  'half a character (a lone surrogate) is refused as content, 400, never as a failure to retry',
  async () => {
    for (const name of ['Dana \ud800', '\udc00Lee', 'Da\ud83dna']) {
      const { send, calls, verified } = harness();
      const response = await send(lead({ name }));
      assert.equal(response.status, 400, JSON.stringify(name));
      assert.equal((await response.json()).code, '23514');
      assert.equal(calls.length + verified.length, 0);
    }
    // A whole emoji (a surrogate pair) is a character like any other.
    const { send } = harness();
    assert.equal((await send(lead({ name: 'Dana \ud83d\ude00' }))).status, 201);
  },
);

Deno.test(
  "takes the page's first try without a bot check: no siteverify, the data API's limits",
  async () => {
    const { send, calls, verified } = harness();
    const response = await send(lead({ captcha: undefined }));
    assert.equal(response.status, 201);
    assert.equal(verified.length, 0);
    assert.equal(calls[0]?.bot_checked, false);
    // A token that is there but empty asks for the bot check, and fails it.
    const empty = harness(Response.json({ success: false }));
    assert.equal((await empty.send(lead({ captcha: '' }))).status, 403);
    assert.equal(empty.calls.length, 0);
  },
);

Deno.test(
  'posts the stored lead to the webhook once, created_at readable: 201 delivered',
  async () => {
    const { send, posted } = harness();
    const response = await send(lead({ captcha: undefined }));
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { delivered: true });
    assert.equal(posted.length, 1);
    // Signed with the owner's secret, under the lead's id (Standard Webhooks).
    const { headers, text } = posted[0]!;
    assert.equal(headers.get('webhook-id'), ID);
    new Webhook(SECRET).verify(text, Object.fromEntries(headers));
    // The row as stored, the lead's fields only, the time as the owner reads it.
    assert.deepEqual(posted[0]!.body, {
      ...STORED,
      id: ID,
      created_at: 'November 24, 2026 at 6:17 AM PST',
    });
  },
);

Deno.test('a retry after a delivery posts nothing: 409 23505, delivered', async () => {
  const { send, posted, store } = harness();
  assert.equal((await send(lead())).status, 201);
  assert.equal(store.stateOf(ID), 'delivered');
  const message = 'duplicate key value violates unique constraint "contact_submissions_pkey"';
  const retry = harness(undefined, () => ({ outcome: 'exists', message }));
  retry.store.enqueue(ID, leadOf(ID), 'delivered');
  const response = await retry.send(lead());
  assert.equal(response.status, 409);
  assert.equal((await response.json()).delivered, true);
  assert.equal(posted.length + retry.posted.length, 1);
});

Deno.test(
  'a webhook that fails: 502 webhook_failed, the lead kept and its claim let go, the retry posts it',
  async () => {
    let up = false;
    const outcomes: Record<string, unknown>[] = [{ outcome: 'stored' }];
    const { send, posted, store } = harness(
      undefined,
      () => outcomes.shift() ?? { outcome: 'exists', message: 'contact_submissions_pkey' },
      { answer: () => new Response('down', { status: up ? 200 : 503 }) },
    );
    const failed = await send(lead());
    assert.equal(failed.status, 502);
    assert.equal((await failed.json()).code, 'webhook_failed');
    // Two tries while the visitor waits, then the claim is released.
    assert.equal(posted.length, 2);
    assert.equal(store.stateOf(ID), 'waiting');
    up = true;
    const retried = await send(lead());
    assert.equal(retried.status, 409);
    assert.equal((await retried.json()).delivered, true);
    assert.equal(posted.length, 3);
    assert.equal(store.stateOf(ID), 'delivered');
  },
);

Deno.test(
  'a lead another request is posting right now: 503 webhook_busy, nothing posted',
  async () => {
    const { send, posted, store } = harness(undefined, () => ({
      outcome: 'exists',
      message: 'contact_submissions_pkey',
    }));
    store.enqueue(ID, leadOf(ID), 'claimed');
    const response = await send(lead());
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '2');
    assert.equal((await response.json()).code, 'webhook_busy');
    assert.equal(posted.length, 0);
  },
);

Deno.test('without a webhook: stored, 201 not delivered (the page posts it)', async () => {
  const { send, posted } = harness(undefined, undefined, { url: null });
  const response = await send(lead());
  assert.equal(response.status, 201);
  assert.deepEqual(await response.json(), { delivered: false });
  assert.equal(posted.length, 0);
});

Deno.test(
  'a post that went through is the answer even if marking it delivered fails: 201 delivered',
  async () => {
    const { send, posted } = harness(undefined, undefined, { failDone: true });
    const response = await send(lead());
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { delivered: true });
    assert.equal(posted.length, 1);
  },
);
