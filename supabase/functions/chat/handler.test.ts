// Deno tests of chat: the handler called with a Request, Cloudflare and Vapi faked at fetch
// (Vapi's answer is the shared fixture), the database's claim faked as a function (its SQL is
// tested in supabase/tests/web-chats.sql.test.ts).
import assert from 'node:assert/strict';
import type { FakeAnswer } from '../_shared/tests/request.ts';
import { assertReportTicket, fakeServices, VAPI } from '../_shared/tests/services.ts';
import { chatReplyTo, createdChat } from '../_shared/vapi/fixtures.ts';
import type { CreateChatBody } from '../_shared/vapi/types.ts';
import { chatKeys } from './chat-key.ts';
import { createHandler } from './handler.ts';

const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const VISIT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ADDRESS = '203.0.113.7';
const keys = chatKeys('service-role-key');

function harness(
  fakes: { turnstile?: FakeAnswer; vapi?: FakeAnswer; claim?: unknown; end?: unknown } = {},
) {
  const vapi: { method: string; url: string; body: unknown }[] = [];
  const services = fakeServices({
    action: 'chat',
    turnstile: fakes.turnstile,
    vapi: (url, body, method) => {
      vapi.push({ method, url, body });
      const { input } = body as CreateChatBody;
      return url === `${VAPI}/chat`
        ? (fakes.vapi ??
            Response.json(
              createdChat(body as CreateChatBody, chatReplyTo(String(input)), {
                id: 'chat-1',
                orgId: 'org-1',
                sessionId: 'session-1',
              }),
              { status: 201 },
            ))
        : Response.json({ id: 'session-1', status: 'completed' });
    },
    database: {
      web_chat_claim: fakes.claim ?? { outcome: 'message', vapi_session_id: null },
      web_chat_end: fakes.end ?? { vapi_session_id: 'session-1' },
    },
    budgetResetsAt: '2026-11-27T02:00:00Z',
  });
  const handler = createHandler({
    ...services.settings,
    limits: {
      per_address: 5,
      per_address_window: 3600,
      messages_per_chat: 20,
      messages_per_day: 500,
    },
    keys,
  });
  return {
    hooks: services.hooks,
    vapi,
    database: services.database,
    siteverifies: () => services.siteverify.length,
    send: (body: Record<string, unknown>, address = ADDRESS) =>
      services.send(handler, 'chat', body, { 'x-forwarded-for': address }),
  };
}

/** The chat's key from ADDRESS, and its id in the database. */
const KEY = await keys.keyOf(ID, ADDRESS);
const ROW = await keys.rowOf(ID, ADDRESS);

const first = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  input: 'Do you answer at night?',
  captcha: 'XXXX.DUMMY.TOKEN.XXXX',
  visit_id: VISIT,
  variables: { leads: 40, estimate: 10000 },
  end: false,
  ...extra,
});

Deno.test(
  'a first message: bot check, claim, then Vapi with its own assistant and the visit',
  async () => {
    const h = harness();
    const answer = await h.send(first({ assistantId: 'someone-elses' }));
    assert.equal(answer.status, 200);
    const { report, ...replied } = answer.body;
    assert.deepEqual(replied, {
      id: 'chat-1',
      output: [{ role: 'assistant', content: chatReplyTo('Do you answer at night?') }],
      key: KEY,
    });
    // The ticket that reads the chat's report: its row, to which vapi-events links the report.
    await assertReportTicket(report, ROW);
    assert.match(KEY, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://site.test');
    assert.equal(h.siteverifies(), 1);
    assert.deepEqual(h.vapi[0], {
      method: 'POST',
      url: `${VAPI}/chat`,
      body: {
        assistantId: 'assistant-1',
        input: 'Do you answer at night?',
        assistantOverrides: {
          variableValues: { leads: 40, estimate: 10000, visit_id: VISIT },
          metadata: { visit_id: VISIT, web_chat_id: ROW },
        },
      },
    });
    const claim = h.database.find((entry) => entry.name === 'web_chat_claim')!.request;
    assert.equal(claim.verified, true);
    // The database knows the chat by the page's id from this address.
    assert.equal(claim.id, ROW);
    assert.notEqual(ROW, ID);
    assert.deepEqual(claim.limits, {
      per_address: 5,
      per_address_window: 3600,
      messages_per_chat: 20,
      messages_per_day: 500,
    });
    assert.deepEqual(h.database.find((entry) => entry.name === 'web_chat_record')?.request, {
      id: ROW,
      vapi_session_id: 'session-1',
    });
  },
);

Deno.test(
  'a next message: no bot check, its key, and it continues the recorded session',
  async () => {
    const h = harness({ claim: { outcome: 'message', vapi_session_id: 'session-1' } });
    const answer = await h.send(first({ captcha: null, key: KEY, input: 'And Sundays?' }));
    assert.equal(answer.status, 200);
    // The key and the ticket are given once, with the first answer.
    assert.equal(answer.body.key, undefined);
    assert.equal(answer.body.report, undefined);
    assert.equal(h.database[0]!.request.id, ROW);
    assert.equal(h.siteverifies(), 0);
    assert.equal((h.vapi[0]!.body as CreateChatBody).sessionId, 'session-1');
    assert.equal(
      h.database.find((entry) => entry.name === 'web_chat_claim')!.request.verified,
      false,
    );
    assert.equal(
      h.database.some((entry) => entry.name === 'web_chat_record'),
      false,
    );
  },
);

Deno.test(
  'a chat the database does not know (gone), with its key and no bot check, is refused: no Vapi',
  async () => {
    const h = harness({ claim: { outcome: 'unverified' } });
    const answer = await h.send(first({ captcha: null, key: KEY }));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'captcha_failed');
    assert.equal(h.vapi.length, 0);
  },
);

Deno.test('a failed bot check costs no claim and no Vapi', async () => {
  const h = harness({ turnstile: Response.json({ success: false }) });
  const answer = await h.send(first());
  assert.equal(answer.status, 403);
  assert.equal(h.database.length, 0);
  assert.equal(h.vapi.length, 0);
});

for (const [limit, retry] of [
  ['address', 1800],
  ['chat', 60],
  ['day', 7200],
] as const) {
  Deno.test(`the ${limit} limit: 429 naming it, with Retry-After, no Vapi`, async () => {
    const h = harness({ claim: { outcome: 'limited', limit, retry_after: retry } });
    const answer = await h.send(first());
    assert.equal(answer.status, 429);
    assert.equal(answer.body.limit, limit);
    assert.equal(answer.headers.get('retry-after'), String(retry));
    assert.equal(h.vapi.length, 0);
    // Only the day's messages spent tell the owner (budget_spent, once a day: the database's).
    const spent = h.database.find((entry) => entry.name === 'budget_spent')?.request;
    if (limit === 'day') {
      assert.deepEqual(spent, { feature: 'chat', budget: 500, retry_after: retry });
      assert.deepEqual(h.hooks, [
        { type: 'budget_spent', feature: 'chat', limit: 500, resets_at: '2026-11-27T02:00:00Z' },
      ]);
    } else {
      assert.equal(spent, undefined);
      assert.deepEqual(h.hooks, []);
    }
  });
}

Deno.test('an ended chat: 409 chat_ended', async () => {
  const h = harness({ claim: { outcome: 'ended' } });
  const answer = await h.send(first({ captcha: null, key: KEY }));
  assert.equal(answer.status, 409);
  assert.equal(answer.body.code, 'chat_ended');
});

Deno.test(
  "Vapi's 402 is unavailable (503); its 429 a limit the visitor waits out (429, limit vapi, Retry-After); a 5xx, a hang or no connection is chat_failed (502)",
  async () => {
    const cases: [FakeAnswer, number, string, string?][] = [
      [Response.json({ message: 'pay' }, { status: 402 }), 503, 'unavailable'],
      [Response.json({ message: 'slow down' }, { status: 429 }), 429, 'limited', 'vapi'],
      [Response.json({}, { status: 500 }), 502, 'chat_failed'],
      ['hang', 502, 'chat_failed'],
      ['network', 502, 'chat_failed'],
    ];
    for (const [vapi, status, code, limit] of cases) {
      const answer = await harness({ vapi }).send(first());
      assert.deepEqual([answer.status, answer.body.code, answer.body.limit], [status, code, limit]);
      if (limit) assert.equal(answer.headers.get('retry-after'), '60');
    }
  },
);

Deno.test('a database that fails: chat_failed, no Vapi', async () => {
  const h = harness({ claim: new Error('database web_chat_claim: timeout') });
  const answer = await h.send(first());
  assert.equal(answer.status, 502);
  assert.equal(h.vapi.length, 0);
});

Deno.test(
  'end: the chat is ended and its session completed on Vapi; an unknown one, nothing',
  async () => {
    const h = harness();
    const answer = await h.send({ id: ID, end: true, key: KEY });
    assert.equal(answer.status, 200);
    assert.equal(h.siteverifies(), 0);
    assert.deepEqual(h.database, [{ name: 'web_chat_end', request: { id: ROW } }]);
    assert.deepEqual(h.vapi, [
      { method: 'PATCH', url: `${VAPI}/session/session-1`, body: { status: 'completed' } },
    ]);
    const none = harness({ end: { vapi_session_id: null } });
    assert.equal((await none.send({ id: ID, end: true, key: KEY })).status, 200);
    assert.equal(none.vapi.length, 0);
  },
);

Deno.test(
  'a message that is empty, too long or hides is refused before anything else',
  async () => {
    const h = harness();
    for (const input of [
      '',
      '   ',
      'x'.repeat(1001),
      '\u3164\uFFA0 \u200B',
      'Call \u0405unn\u0443 R\u043E\u043Efs',
      `a${'\u0301'.repeat(59)}`,
    ]) {
      const answer = await h.send(first({ input }));
      assert.equal(answer.status, 400);
      assert.equal(answer.body.code, 'bad_request', JSON.stringify(input));
    }
    assert.equal(h.siteverifies(), 0);
    assert.equal(h.database.length, 0);
    assert.equal(h.vapi.length, 0);
  },
);

Deno.test('a message reaches Vapi as NFKC with its invisible characters taken out', async () => {
  const h = harness();
  const answer = await h.send(first({ input: 'Do you\u200B answer\u3164 at ｎｉｇｈｔ?\u202E' }));
  assert.equal(answer.status, 200);
  assert.equal((h.vapi[0]!.body as CreateChatBody).input, 'Do you answer at night?');
});

const OTHER_ID = '7a2d3c0f-4d5e-4f60-9b0c-1d2e3f4a5b6c';

Deno.test(
  'a next message or an end without the chat’s key, or with another chat’s or address’s, or a forged one, is refused before the database',
  async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no key', { key: null }, ADDRESS],
      ['another chat’s key', { key: await keys.keyOf(OTHER_ID, ADDRESS) }, ADDRESS],
      ['the key, from another address', { key: KEY }, '198.51.100.9'],
      ['a key of another secret', { key: await chatKeys('another').keyOf(ID, ADDRESS) }, ADDRESS],
      ['a forged key', { key: 'A'.repeat(43) }, ADDRESS],
      ['a key that is no key', { key: 'not a key' }, ADDRESS],
    ];
    for (const [what, extra, address] of cases) {
      for (const body of [first({ captcha: null, ...extra }), { id: ID, end: true, ...extra }]) {
        const h = harness();
        const answer = await h.send(body, address);
        assert.equal(answer.status, 403, what);
        assert.equal(answer.body.code, 'not_yours', what);
        assert.equal(h.database.length, 0, `${what}: no database call`);
        assert.equal(h.vapi.length, 0, what);
        assert.equal(h.siteverifies(), 0, what);
      }
    }
  },
);

Deno.test(
  'the page’s id from another address, even with a bot-check token, is another chat in the database',
  async () => {
    const h = harness();
    const stranger = await h.send(first(), '198.51.100.9');
    assert.equal(stranger.status, 200);
    const claim = h.database.find((entry) => entry.name === 'web_chat_claim')!.request;
    assert.notEqual(claim.id, ROW);
    assert.equal(claim.id, await keys.rowOf(ID, '198.51.100.9'));
    // Its key is its own: it does not hold for the chat from the first address.
    assert.notEqual(stranger.body.key, KEY);
  },
);

Deno.test('the key and the id in the database are bound to the address, and stable', async () => {
  assert.equal(await keys.keyOf(ID, ADDRESS), KEY);
  assert.equal(await keys.keyOf(ID.toUpperCase(), ADDRESS), KEY);
  assert.notEqual(await keys.keyOf(ID, null), KEY);
  assert.equal(await keys.holds(KEY, ID, ADDRESS), true);
  assert.equal(await keys.holds(null, ID, ADDRESS), false);
  assert.match(ROW, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
