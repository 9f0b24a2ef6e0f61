// Deno tests of start-web-call: the handler called with a Request, Cloudflare and Vapi faked at
// fetch (Vapi's answer is the shared fixture), the database's claim faked as a function (its SQL
// is tested in supabase/tests/web-calls.sql.test.ts).
import assert from 'node:assert/strict';
import { logsOf, type FakeAnswer } from '../_shared/tests/request.ts';
import {
  assertReportTicket,
  fakeServices,
  VAPI,
  WEB_CALL_LIMITS,
} from '../_shared/tests/services.ts';
import { twoTrades } from '../_shared/tests/trades.ts';
import { queuedWebCall } from '../_shared/vapi/fixtures.ts';
import type { CreateWebCallBody } from '../_shared/vapi/types.ts';
import { createHandler } from './handler.ts';

const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const VISIT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** Two different trades of site.config.ts. */
const [FIRST, SECOND] = twoTrades();

type Answer = FakeAnswer;

/** The limits the handler is given, passed on to the database's claim as they are. */
const LIMITS = WEB_CALL_LIMITS;

function harness(
  fakes: {
    turnstile?: Answer;
    vapi?: Answer;
    claim?: unknown;
    reserve?: unknown;
    press?: unknown;
    record?: unknown;
  } = {},
) {
  const vapiBodies: CreateWebCallBody[] = [];
  const services = fakeServices({
    action: 'web_call',
    turnstile: fakes.turnstile,
    vapi: (url, body) => {
      if (url !== `${VAPI}/call/web`) return undefined;
      vapiBodies.push(body as CreateWebCallBody);
      return (
        fakes.vapi ??
        Response.json(
          queuedWebCall(body as CreateWebCallBody, { id: 'vapi-call-1', orgId: 'org-1' }),
          { status: 201 },
        )
      );
    },
    database: {
      web_call_claim: fakes.claim ?? { outcome: 'call' },
      web_call_reserve: fakes.reserve ?? { outcome: 'reserved', expires_in_seconds: 60 },
      web_call_press: fakes.press ?? { outcome: 'call' },
      web_call_record: fakes.record,
    },
    budgetResetsAt: '2026-11-27T00:00:00Z',
  });
  const handler = createHandler({
    ...services.settings,
    limits: LIMITS,
    vapi: { ...services.settings.vapi, maxCallSeconds: 180 },
  });
  const { database, hooks, siteverify } = services;
  return {
    hooks,
    vapiBodies,
    database,
    siteverify,
    names: () => database.map((entry) => entry.name),
    recorded: () => database.find((entry) => entry.name === 'web_call_record')?.request,
    send: (body: Record<string, unknown>) => services.send(handler, 'start-web-call', body),
  };
}

const valid = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  captcha: 'XXXX.DUMMY.TOKEN.XXXX',
  visit_id: VISIT,
  variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 },
  ...extra,
});

Deno.test(
  'starts the call with its own assistant and settings, whatever else the body says',
  async () => {
    const h = harness();
    const answer = await h.send(
      valid({
        assistantId: 'someone-elses',
        assistantOverrides: { maxDurationSeconds: 43_200 },
        variables: { leads: 40, estimate: 10000, evil: 'x' },
        maxDurationSeconds: 43_200,
      }),
    );
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.deepEqual(h.vapiBodies, [
      {
        assistantId: 'assistant-1',
        assistantOverrides: {
          maxDurationSeconds: 180,
          variableValues: { leads: 40, estimate: 10000 },
          metadata: { visit_id: VISIT, web_call_id: ID },
        },
      },
    ]);
    const { report, ...joined } = answer.body;
    assert.deepEqual(joined, {
      id: 'vapi-call-1',
      webCallUrl: queuedWebCall({}, { id: 'vapi-call-1', orgId: 'org-1' }).webCallUrl,
      assistant: { voice: {} },
    });
    // Beside it, the ticket that reads this call's report: the claim's id, not Vapi's.
    await assertReportTicket(report, ID);
    assert.equal(h.database[0]?.request.max_seconds, 180);
    assert.equal(h.database[0]?.request.address_source, 'x-forwarded-for');
    assert.deepEqual(h.recorded(), {
      id: ID,
      status: 'started',
      vapi_call_id: 'vapi-call-1',
      // What the page joins, kept for a retry; the ticket is made again for each answer.
      web_call: joined,
      error: null,
    });
  },
);

Deno.test(
  'no variables without an estimate; a body with no id is refused before any check',
  async () => {
    const h = harness();
    await h.send(valid({ variables: null, visit_id: 'not-a-uuid' }));
    assert.deepEqual(h.vapiBodies[0]?.assistantOverrides, {
      maxDurationSeconds: 180,
      metadata: { visit_id: null, web_call_id: ID },
    });
    const bad = harness();
    const refused = await bad.send(valid({ id: 'not-a-uuid' }));
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'bad_request');
    assert.equal(bad.database.length + bad.vapiBodies.length, 0);
  },
);

Deno.test('a failed or unreachable bot check claims and starts nothing', async () => {
  for (const turnstile of [Response.json({ success: false }), 'network' as const]) {
    const h = harness({ turnstile });
    const answer = await h.send(valid());
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'captcha_failed');
    assert.equal(h.database.length + h.vapiBodies.length, 0);
  }
});

Deno.test('a limit answers 429 naming it, with Retry-After, and starts nothing', async () => {
  for (const limit of ['address', 'day', 'minutes', 'concurrent']) {
    const h = harness({ claim: { outcome: 'limited', limit, retry_after: 120 } });
    const answer = await h.send(valid());
    assert.equal(answer.status, 429);
    assert.equal(answer.headers.get('retry-after'), '120');
    assert.equal(answer.body.code, 'limited');
    assert.equal(answer.body.limit, limit);
    assert.equal(h.vapiBodies.length, 0);
  }
});

Deno.test(
  "the day's calls or minutes spent tell the owner (budget_spent); the other limits do not",
  async () => {
    const budgets: Record<string, unknown> = {
      day: { feature: 'calls', budget: 100, retry_after: 120 },
      minutes: { feature: 'minutes', budget: 200, retry_after: 120 },
      address: undefined,
      concurrent: undefined,
    };
    for (const [limit, expected] of Object.entries(budgets)) {
      for (const step of ['claim', 'reserve'] as const) {
        const h = harness({ [step]: { outcome: 'limited', limit, retry_after: 120 } });
        await h.send(valid(step === 'reserve' ? { intent: true } : {}));
        const spent = h.database.find((entry) => entry.name === 'budget_spent');
        assert.deepEqual(spent?.request, expected, `${limit} (${step})`);
        assert.deepEqual(
          h.hooks,
          expected
            ? [
                {
                  type: 'budget_spent',
                  feature: (expected as { feature: string }).feature,
                  limit: (expected as { budget: number }).budget,
                  resets_at: '2026-11-27T00:00:00Z',
                },
              ]
            : [],
        );
      }
    }
  },
);

Deno.test('a retry of a started claim gets the same call; of any other, none', async () => {
  const webCall = {
    id: 'vapi-call-1',
    webCallUrl: 'https://vapi.daily.co/r',
    assistant: { voice: {} },
  };
  const again = harness({ claim: { outcome: 'existing', status: 'started', web_call: webCall } });
  const answer = await again.send(valid());
  assert.equal(answer.status, 200);
  const { report, ...joined } = answer.body;
  assert.deepEqual(joined, webCall);
  await assertReportTicket(report, ID);
  assert.equal(again.vapiBodies.length, 0);
  for (const status of ['pending', 'unknown', 'failed']) {
    const h = harness({ claim: { outcome: 'existing', status, web_call: null } });
    assert.equal((await h.send(valid())).status, 502);
    assert.equal(h.vapiBodies.length, 0);
  }
  const conflict = harness({ claim: { outcome: 'conflict' } });
  assert.equal((await conflict.send(valid())).status, 400);
});

Deno.test(
  "Vapi's 4xx means no call; a 5xx, 408, 429, no id or no answer, perhaps one",
  async () => {
    const cases: [Answer, string][] = [
      [Response.json({ message: ['bad'] }, { status: 400 }), 'failed'],
      [Response.json({ message: 'Unauthorized' }, { status: 401 }), 'failed'],
      [Response.json({ message: 'oops' }, { status: 500 }), 'unknown'],
      [new Response('gateway timeout', { status: 504 }), 'unknown'],
      [new Response('timeout', { status: 408 }), 'unknown'],
      [new Response('slow down', { status: 429 }), 'unknown'],
      [Response.json({ status: 'queued' }, { status: 201 }), 'unknown'],
      ['network', 'unknown'],
      ['hang', 'unknown'],
    ];
    for (const [vapi, status] of cases) {
      const h = harness({ vapi });
      const answer = await h.send(valid());
      assert.equal(answer.status, 502, status);
      assert.equal(answer.body.code, 'call_failed');
      assert.equal(h.recorded()?.status, status, String(vapi));
    }
  },
);

Deno.test('a database that does not answer starts nothing: 502', async () => {
  const h = harness({ claim: new Error('down') });
  const answer = await h.send(valid());
  assert.equal(answer.status, 502);
  assert.equal(h.vapiBodies.length, 0);
  // Nor does an answer that is no claim (a reservation's, or none): never a call unclaimed.
  for (const claim of [{ outcome: 'reserved', expires_in_seconds: 60 }, 'call']) {
    const odd = harness({ claim });
    assert.deepEqual([(await odd.send(valid())).status, odd.vapiBodies.length], [502, 0]);
  }
});

Deno.test(
  'on intent: the bot check and the reservation, no call; then the press makes it',
  async () => {
    const h = harness();
    const reserved = await h.send(valid({ intent: true }));
    assert.equal(reserved.status, 200);
    assert.equal(reserved.headers.get('cache-control'), 'no-store');
    // No ticket yet: a reservation starts nothing that could report.
    assert.deepEqual(reserved.body, { reserved: true, expires_in_seconds: 60 });
    assert.deepEqual(h.siteverify, ['XXXX.DUMMY.TOKEN.XXXX']);
    assert.deepEqual(h.names(), ['web_call_reserve']);
    assert.equal(h.database[0]?.request.hold_seconds, 60);
    assert.equal(h.database[0]?.request.client_address, '203.0.113.7');
    assert.equal(h.vapiBodies.length, 0);

    const press = valid({ captcha: undefined });
    const answer = await h.send(press);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.id, 'vapi-call-1');
    await assertReportTicket(answer.body.report, ID);
    // No second siteverify: the press costs the claim and Vapi's POST.
    assert.equal(h.siteverify.length, 1);
    assert.deepEqual(h.names(), ['web_call_reserve', 'web_call_press', 'web_call_record']);
    assert.deepEqual(h.database[1]?.request, {
      id: ID,
      client_address: '203.0.113.7',
      address_source: 'x-forwarded-for',
      visit_id: VISIT,
      max_seconds: 180,
      limits: LIMITS,
    });
    assert.equal(h.vapiBodies[0]?.assistantOverrides?.maxDurationSeconds, 180);
    assert.equal(h.recorded()?.status, 'started');
    // A null captcha is a press too.
    const again = harness();
    await again.send(valid({ captcha: null }));
    assert.deepEqual(again.names(), ['web_call_press', 'web_call_record']);
  },
);

Deno.test(
  'a reservation needs a passing bot check; a refused one answers as a call would',
  async () => {
    for (const turnstile of [Response.json({ success: false }), 'network' as const]) {
      const h = harness({ turnstile });
      const answer = await h.send(valid({ intent: true }));
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'captcha_failed');
      assert.equal(h.database.length + h.vapiBodies.length, 0);
    }
    const noToken = valid({ intent: true, captcha: undefined });
    const missing = harness();
    assert.equal((await missing.send(noToken)).status, 403);
    assert.equal(missing.database.length, 0);

    const limited = harness({
      reserve: { outcome: 'limited', limit: 'concurrent', retry_after: 30 },
    });
    const answer = await limited.send(valid({ intent: true }));
    assert.equal(answer.status, 429);
    assert.equal(answer.headers.get('retry-after'), '30');
    assert.equal(answer.body.limit, 'concurrent');
    const conflict = harness({ reserve: { outcome: 'conflict' } });
    assert.equal((await conflict.send(valid({ intent: true }))).status, 400);
    const down = harness({ reserve: new Error('down') });
    assert.equal((await down.send(valid({ intent: true }))).status, 502);
    for (const h of [limited, conflict, down]) assert.equal(h.vapiBodies.length, 0);
  },
);

Deno.test(
  'a press with no live reservation is refused 403, with no Vapi call and no write',
  async () => {
    const h = harness({ press: { outcome: 'unreserved' } });
    const press = valid({ captcha: undefined });
    const answer = await h.send(press);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'captcha_failed');
    assert.deepEqual(h.names(), ['web_call_press']);
    assert.equal(h.siteverify.length + h.vapiBodies.length, 0);
    // A press meets the limits as the one request does.
    const limited = harness({ press: { outcome: 'limited', limit: 'day', retry_after: 600 } });
    const refused = await limited.send(press);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.limit, 'day');
    assert.equal(limited.vapiBodies.length, 0);
  },
);

Deno.test(
  'the one-request form is unchanged: siteverify, web_call_claim, Vapi, the record',
  async () => {
    const h = harness();
    const answer = await h.send(valid());
    assert.equal(answer.status, 200);
    assert.deepEqual(h.siteverify, ['XXXX.DUMMY.TOKEN.XXXX']);
    assert.deepEqual(h.names(), ['web_call_claim', 'web_call_record']);
    // A record that fails is logged; the visitor still joins.
    const failing = harness({ record: new Error('down') });
    const logged = await logsOf('error', async () => {
      assert.equal((await failing.send(valid())).status, 200);
    });
    assert.match(logged[0]!.join(' '), /could not record the call/);
  },
);

Deno.test(
  "with the visitor's business the agent answers as it: its variables over the calculator's, and its first words",
  async () => {
    const h = harness();
    const answer = await h.send(
      valid({
        business: { business_name: 'Élan Électrique', trade: SECOND, city: 'Montréal' },
        variables: { leads: 40, trade: FIRST, business_name: 'Evil', city: 'x' },
        firstMessage: 'Say something else',
      }),
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(h.vapiBodies[0]?.assistantOverrides, {
      firstMessage:
        'Thanks for calling Élan Électrique in Montréal. This is the virtual receptionist. How can I help you today?',
      firstMessageMode: 'assistant-speaks-first',
      maxDurationSeconds: 180,
      variableValues: {
        leads: 40,
        business_name: 'Élan Électrique',
        trade: SECOND,
        city: 'Montréal',
      },
      metadata: { visit_id: VISIT, web_call_id: ID },
    });
    // Without a city: the name alone; without variables: the business's alone.
    const plain = harness();
    await plain.send(
      valid({ variables: null, business: { business_name: 'Sunny Roofing', trade: FIRST } }),
    );
    assert.equal(
      plain.vapiBodies[0]?.assistantOverrides?.firstMessage,
      'Thanks for calling Sunny Roofing. This is the virtual receptionist. How can I help you today?',
    );
    assert.deepEqual(plain.vapiBodies[0]?.assistantOverrides?.variableValues, {
      business_name: 'Sunny Roofing',
      trade: FIRST,
    });
  },
);

Deno.test('the press of a reservation carries the business: the call answers as it', async () => {
  const h = harness();
  await h.send({
    id: ID,
    visit_id: VISIT,
    variables: null,
    business: { business_name: "O'Brien Plumbing, Inc.", trade: SECOND },
  });
  assert.deepEqual(h.names()[0], 'web_call_press');
  assert.deepEqual(h.vapiBodies[0]?.assistantOverrides?.variableValues, {
    business_name: "O'Brien Plumbing, Inc.",
    trade: SECOND,
  });
});

Deno.test(
  'a business that breaks the rule is refused 400 naming its field, before the bot check, the database and Vapi',
  async () => {
    for (const step of [{}, { intent: true }, { captcha: undefined }]) {
      for (const [business, field] of [
        [{ business_name: 'http://x', trade: FIRST }, 'business_name'],
        [{ business_name: 'a@b.co', trade: FIRST }, 'business_name'],
        [{ business_name: 'x'.repeat(61), trade: FIRST }, 'business_name'],
        [{ business_name: 'Sunny Roofing' }, 'trade'],
        [{ business_name: 'Sunny Roofing', trade: FIRST, city: '<script>' }, 'city'],
        // Names that hide what they are: blank Hangul letters, a joiner inside an address,
        // full-width www, Cyrillic look-alikes, piled marks, an address spaced around its dot.
        [{ business_name: '\u3164\uFFA0\u115F', trade: FIRST }, 'business_name'],
        [{ business_name: 'sunny\u034F.com', trade: FIRST }, 'business_name'],
        [{ business_name: 'ｗｗｗ sunnyroofs', trade: FIRST }, 'business_name'],
        [{ business_name: '\u0405unn\u0443 R\u043E\u043Efs', trade: FIRST }, 'business_name'],
        [{ business_name: `a${'\u0301'.repeat(59)}`, trade: FIRST }, 'business_name'],
        [{ business_name: 'sunny .com', trade: FIRST }, 'business_name'],
        [{ business_name: 'Sunny Roofing', trade: FIRST, city: 'Aust\u200Din' }, 'city'],
      ] as const) {
        const h = harness();
        const answer = await h.send(valid({ business, ...step }));
        assert.equal(answer.status, 400, JSON.stringify(business));
        assert.deepEqual(answer.body, {
          code: 'bad_business',
          message: 'The business name, trade or city was not accepted.',
          details: field,
        });
        assert.deepEqual(h.siteverify, []);
        assert.equal(h.database.length + h.vapiBodies.length, 0);
      }
    }
  },
);
