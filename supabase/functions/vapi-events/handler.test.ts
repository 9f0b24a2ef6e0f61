import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { fakeOutbox } from '../_shared/tests/outbox.ts';
import { logsOf, postJson } from '../_shared/tests/request.ts';
import { NOT_A_TRADE, twoTrades } from '../_shared/tests/trades.ts';
import {
  completedSession,
  endOfCallReport,
  queuedCall,
  REPORT_DURATION_SECONDS,
  statusUpdate,
  toolCallsMessage,
} from '../_shared/vapi/fixtures.ts';
import { CALLBACK_CALL_WORDS, doNotCallTool } from '../_shared/contracts/callback-call.ts';
import type { StoredCallReport } from '../_shared/contracts/call-report.ts';
import type { EndOfCallReport } from '../_shared/vapi/types.ts';
import { createHandler, LIMITS, type VapiEventsSettings } from './handler.ts';

const CALLBACK = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const VISIT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** Two different trades of site.config.ts. */
const [FIRST, SECOND] = twoTrades();
/** VAPI_MAX_CALL_SECONDS, other than its default. */
const MAX_CALL_SECONDS = 240;
/** The owner's CONTACT_WEBHOOK_SECRET: `whsec_` and a 32-byte key in base64. */
const WEBHOOK_SECRET = `whsec_${btoa('the vapi-events test key 32 byte')}`;

/**
 * The function under test, with a database that answers `stored` (or the whole `answer`) to a
 * report, `doNotCall` to callback_do_not_call_add (whose requests it keeps in `listed`) and
 * `status` to callback_status_record (its requests in `steps`). A stored report's delivery is
 * written to the outbox with it, as the database's trigger writes it: the row as stored, and
 * `options.ringing` as its ringing_after_seconds. The webhook answers `options.answer`.
 */
function harness(
  stored: boolean | Record<string, unknown> = true,
  doNotCall: (request: Record<string, unknown>) => unknown = () => ({ known: true, added: true }),
  status: (request: Record<string, unknown>) => unknown = () => ({ known: true }),
  options: { ringing?: number; answer?: () => Response; webhook?: 'none' } = {},
) {
  const database: Record<string, unknown>[] = [];
  const listed: Record<string, unknown>[] = [];
  const steps: Record<string, unknown>[] = [];
  const outbox = fakeOutbox();
  const webhook: unknown[] = [];
  /** Each post's id, as its Standard Webhooks headers name it once its signature verified. */
  const webhookIds: string[] = [];
  const background: Promise<unknown>[] = [];
  const settings: VapiEventsSettings = {
    secret: 'shared-secret',
    maxCallSeconds: MAX_CALL_SECONDS,
    database: async (name, request) => {
      if (name === 'callback_do_not_call_add') {
        listed.push(request);
        return doNotCall(request);
      }
      if (name === 'callback_status_record') {
        steps.push(request);
        return status(request);
      }
      if (name === 'lead_delivery') return outbox.call(request);
      assert.equal(name, 'demo_call_store');
      const { limits, ...row } = request;
      assert.deepEqual(limits, { unknown_daily: 7, unknown_daily_bytes: 250_000 });
      database.push(row);
      const answer = typeof stored === 'boolean' ? { stored } : stored;
      if (answer.stored === true) {
        // Not a column: finds a start never recorded.
        const columns = { ...row };
        delete columns.web_call_id;
        outbox.enqueue(`call_report:${String(row.vapi_call_id)}`, {
          report: {
            ...(columns as StoredCallReport),
            received_at: '2026-11-23T18:02:31.5+00:00',
            ringing_after_seconds: options.ringing ?? null,
          },
        });
      }
      return answer;
    },
    limits: { unknown_daily: 7, unknown_daily_bytes: 250_000 },
    webhook:
      options.webhook === 'none'
        ? { url: null, fetch }
        : {
            url: 'https://hooks.test',
            secret: WEBHOOK_SECRET,
            fetch: async (_url, init) => {
              // Checked as the owner's automation checks it: the signature over the bytes sent.
              const headers = Object.fromEntries(new Headers(init?.headers).entries());
              webhook.push(new Webhook(WEBHOOK_SECRET).verify(String(init?.body), headers));
              webhookIds.push(headers['webhook-id']!);
              return options.answer?.() ?? new Response('ok');
            },
            sleep: async () => {},
          },
    background: (work) => void background.push(work()),
  };
  const handler = createHandler(settings);
  return {
    database,
    listed,
    steps,
    outbox,
    webhook,
    webhookIds,
    send: async (body: unknown, secret: string | null = 'shared-secret', raw?: string) => {
      const response = await handler(
        postJson('vapi-events', raw ?? body, secret === null ? {} : { 'x-vapi-secret': secret }),
      );
      await Promise.all(background);
      return { status: response.status, body: await response.json() };
    },
  };
}

/** A call the request-callback function placed, as Vapi answered it (the shared fixture). */
const CALL = queuedCall(
  {
    assistantId: 'assistant-1',
    phoneNumberId: 'phone-1',
    customer: { number: '+14155552671' },
    assistantOverrides: {
      variableValues: { estimate: 12000, trade: FIRST },
      metadata: { callback_id: CALLBACK, visit_id: VISIT },
    },
  },
  { id: 'call-77', orgId: 'org-1' },
);
const ENDED = new Date('2026-11-23T18:02:30.000Z');
/** Vapi's end-of-call-report for it (the shared fixture), with `changes`. */
const report = (changes: Partial<EndOfCallReport> = {}) => endOfCallReport(CALL, ENDED, changes);

Deno.test('refuses a missing or wrong secret with 401 before reading anything', async () => {
  for (const secret of [null, '', 'shared-secreT', 'shared-secret-and-more']) {
    const h = harness();
    const answer = await h.send(report(), secret);
    assert.equal(answer.status, 401, String(secret));
    assert.equal(h.database.length, 0);
  }
});

Deno.test(
  'answers malformed JSON with 400 and a body over 1 MB with 413, storing nothing',
  async () => {
    const h = harness();
    assert.equal((await h.send(null, 'shared-secret', '{"message":')).status, 400);
    assert.equal(
      (await h.send(null, 'shared-secret', JSON.stringify({ pad: 'x'.repeat(1_100_000) }))).status,
      413,
    );
    assert.equal(h.database.length, 0);
  },
);

Deno.test(
  'acknowledges other messages, and a session still active, storing and forwarding nothing',
  async () => {
    const active = completedSession(
      { sessionId: 'session-6', orgId: 'org-1', assistantId: 'assistant-1' },
      VISIT,
      new Date(),
      { status: 'active' },
    );
    for (const [message, type] of [
      // A status that is no step of a call (callback_status_record's): not recorded.
      [{ message: { type: 'status-update', status: 'forwarding' } }, 'status-update'],
      [active, 'session.updated'],
    ] as const) {
      const h = harness();
      const answer = await h.send(message);
      assert.deepEqual(answer, { status: 200, body: { ok: true, ignored: type } });
      assert.equal(h.database.length + h.webhook.length + h.steps.length, 0, type);
    }
  },
);

Deno.test(
  'stores a report with bounded sizes and its visit and callback, and forwards a compact one',
  async () => {
    const h = harness();
    const answer = await h.send(
      report({
        artifact: { transcript: 'x'.repeat(25_000), recordingUrl: 'https://r.test/a.wav' },
      }),
    );
    assert.deepEqual(answer.body, { ok: true, stored: true });
    const row = h.database[0]!;
    assert.equal(row.vapi_call_id, 'call-77');
    assert.equal(row.kind, 'outboundPhoneCall');
    assert.equal(row.duration_seconds, REPORT_DURATION_SECONDS);
    assert.equal(row.callback_id, CALLBACK);
    assert.equal(row.visit_id, VISIT);
    assert.equal(row.trade, FIRST);
    assert.equal((row.transcript as string).length, LIMITS.transcript);
    const { analysis } = report().message;
    assert.deepEqual(row.structured_data, analysis.structuredData);
    assert.equal(h.webhook.length, 1);
    assert.deepEqual(h.webhookIds, ['call_report:call-77']);
    assert.deepEqual(h.webhook[0], {
      type: 'call_report',
      vapi_call_id: 'call-77',
      kind: 'outboundPhoneCall',
      ended_at: 'November 23, 2026 at 10:02 AM PST',
      ended_reason: 'customer-ended-call',
      duration_seconds: REPORT_DURATION_SECONDS,
      cost: report().message.cost,
      summary: analysis.summary,
      structured_data: analysis.structuredData,
      recording_url: 'https://r.test/a.wav',
      visit_id: VISIT,
      callback_id: CALLBACK,
      trade: FIRST,
      // The database named no ring for this callback.
      ringing_after_seconds: null,
    });
  },
);

Deno.test(
  "a callback's report carries its speed to lead as the database's claim gives it",
  async () => {
    // The database rounds the callback's ringing_after_ms to the tenth (outbox.sql.test.ts).
    const h = harness(true, undefined, undefined, { ringing: 2.4 });
    assert.deepEqual((await h.send(report())).body, { ok: true, stored: true });
    assert.equal((h.webhook[0] as { ringing_after_seconds: unknown }).ringing_after_seconds, 2.4);
  },
);

Deno.test(
  'posts a stored report at once through its delivery: claimed, posted, marked done',
  async () => {
    const h = harness();
    assert.deepEqual((await h.send(report())).body, { ok: true, stored: true });
    assert.deepEqual(h.outbox.requests, [
      { id: 'call_report:call-77', action: 'claim', lease_seconds: 30 },
      { id: 'call_report:call-77', action: 'done' },
    ]);
    assert.deepEqual(h.webhookIds, ['call_report:call-77']);
    assert.equal(h.outbox.stateOf('call_report:call-77'), 'delivered');
  },
);

Deno.test(
  'a post the webhook refuses is released with its claim: the outbox keeps it for the worker',
  async () => {
    const h = harness(true, undefined, undefined, {
      answer: () => new Response('down', { status: 500 }),
    });
    const logged = await logsOf('error', async () => {
      assert.deepEqual((await h.send(report())).body, { ok: true, stored: true });
    });
    // Two tries, then let go of with the claim it was given.
    assert.deepEqual(h.webhookIds, ['call_report:call-77', 'call_report:call-77']);
    const [claim, release] = h.outbox.requests;
    assert.equal(claim?.action, 'claim');
    assert.deepEqual(release, {
      id: 'call_report:call-77',
      action: 'release',
      claim: '2026-11-24T14:17:30.000001+00:00',
      error: 'the webhook refused or did not answer',
    });
    assert.equal(h.outbox.requests.length, 2);
    assert.equal(h.outbox.stateOf('call_report:call-77'), 'waiting');
    assert.ok(logged.some((line) => String(line[0]).includes('the outbox retries it')));
  },
);

Deno.test('no webhook set: the report is stored, nothing is claimed or posted', async () => {
  const h = harness(true, undefined, undefined, { webhook: 'none' });
  assert.deepEqual((await h.send(report())).body, { ok: true, stored: true });
  assert.equal(h.database.length, 1);
  assert.deepEqual(h.outbox.requests, []);
  assert.equal(h.outbox.stateOf('call_report:call-77'), 'waiting');
});

Deno.test('a report Vapi sends again is acknowledged and forwarded no second time', async () => {
  const h = harness(false);
  const answer = await h.send(report());
  assert.deepEqual(answer.body, { ok: true, stored: false });
  assert.equal(h.webhook.length, 0);
  assert.deepEqual(h.outbox.requests, []);
});

Deno.test('drops structured data over its limit and metadata that is not a UUID', async () => {
  const h = harness();
  await h.send(
    report({
      analysis: { structuredData: { notes: 'y'.repeat(9_000) } },
      call: {
        ...CALL,
        id: 'call-78',
        type: 'webCall',
        assistantOverrides: { metadata: { visit_id: 'not-a-uuid' } },
      },
    }),
  );
  assert.equal(h.database[0]?.structured_data, null);
  assert.equal(h.database[0]?.visit_id, null);
  assert.equal(h.database[0]?.kind, 'webCall');
});

/** `report(changes)` as JSON, its analysis' structured data `levels` arrays deep. */
function nestedReport(levels: number, changes: Partial<EndOfCallReport> = {}): string {
  const body = report({
    ...changes,
    analysis: { summary: 'Kept.', structuredData: { deep: 'DEEP' } },
  });
  // Written as text: building it as a value would recurse as deep.
  return JSON.stringify(body).replace('"DEEP"', `${'['.repeat(levels)}${']'.repeat(levels)}`);
}

Deno.test(
  'drops structured data nested past its depth, storing the rest of the report, answered 200',
  async () => {
    // { deep: [...] }: the object is one level, each array one more.
    for (const [levels, kept] of [
      [LIMITS.structuredDataDepth - 1, true],
      [LIMITS.structuredDataDepth, false],
      [5_000, false],
      [400_000, false],
    ] as const) {
      const h = harness();
      const answer = await h.send(null, 'shared-secret', nestedReport(levels));
      assert.deepEqual(answer, { status: 200, body: { ok: true, stored: true } }, String(levels));
      const row = h.database[0]!;
      assert.equal(row.summary, 'Kept.');
      assert.equal(row.duration_seconds, REPORT_DURATION_SECONDS);
      assert.equal(row.structured_data !== null, kept, String(levels));
      assert.equal(h.webhook.length, 1);
    }
  },
);

Deno.test('a type nested deep in a message or its call is no type, answered 200', async () => {
  const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
  const h = harness();
  const message = await h.send(null, 'shared-secret', `{"message":{"type":${deep}}}`);
  assert.deepEqual(message, { status: 200, body: { ok: true, ignored: '' } });
  const call = JSON.stringify(report({ call: { ...CALL, type: 'DEEP' as 'webCall' } }));
  const answer = await h.send(null, 'shared-secret', call.replace('"DEEP"', deep));
  assert.deepEqual(answer.body, { ok: true, stored: true });
  assert.equal(h.database[0]?.kind, 'other');
});

Deno.test(
  'a call lasts at most VAPI_MAX_CALL_SECONDS, however long its report says it ran',
  async () => {
    const started = new Date(ENDED.getTime() - 60_000).toISOString();
    const ended = ENDED.toISOString();
    const aYearBefore = new Date(ENDED.getTime() - 365 * 86_400_000).toISOString();
    for (const [what, raw, times, seconds] of [
      ['1e308', '1e308', [started, ended], MAX_CALL_SECONDS],
      ['just past the cap', String(MAX_CALL_SECONDS + 0.5), [started, ended], MAX_CALL_SECONDS],
      // Not a duration: the span between the report's times.
      ['1e999 (Infinity)', '1e999', [started, ended], 60],
      ['negative', '-5', [started, ended], 60],
      ['a string', '"1e308"', [started, ended], 60],
      ['NaN as a string', '"NaN"', [started, ended], 60],
      ['null', 'null', [started, ended], 60],
      // The span is a claim too.
      ['a year between the times', 'null', [aYearBefore, ended], MAX_CALL_SECONDS],
      ['an end before the start', 'null', [ended, started], null],
      [
        "the first and last of JavaScript's times",
        'null',
        ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'],
        null,
      ],
    ] as const) {
      const h = harness();
      const body = report({
        startedAt: times[0],
        endedAt: times[1],
        durationSeconds: -1,
        call: { ...CALL, startedAt: times[0], endedAt: times[1] },
      });
      const json = JSON.stringify(body).replace('"durationSeconds":-1', `"durationSeconds":${raw}`);
      const answer = await h.send(null, 'shared-secret', json);
      assert.deepEqual(answer.body, { ok: true, stored: true }, what);
      assert.equal(h.database[0]?.duration_seconds, seconds, what);
      assert.equal((h.webhook[0] as { duration_seconds: unknown }).duration_seconds, seconds, what);
    }
  },
);

Deno.test('a report with times PostgreSQL cannot read stores none of them', async () => {
  for (const at of ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '1969-12-31']) {
    const h = harness();
    await h.send(
      report({ startedAt: at, endedAt: at, call: { ...CALL, startedAt: at, endedAt: at } }),
    );
    assert.equal(h.database[0]?.started_at, null, at);
    assert.equal(h.database[0]?.ended_at, null, at);
  }
});

Deno.test(
  "passes a web call's claim id to the database, to find a start never recorded",
  async () => {
    const claim = '0b7f2c1e-9a3d-4e5f-8a6b-1c2d3e4f5a6b';
    const h = harness();
    const call = { ...CALL, id: 'call-79', type: 'webCall' as const };
    await h.send(
      report({ call: { ...call, assistantOverrides: { metadata: { web_call_id: claim } } } }),
    );
    await h.send(
      report({
        call: { ...call, id: 'call-80', assistantOverrides: { metadata: { web_call_id: 'x' } } },
      }),
    );
    assert.deepEqual(
      h.database.map((row) => row.web_call_id),
      [claim, null],
    );
  },
);

Deno.test(
  "a chat's completed session is stored as a webChat report, tied to its visit, and forwarded",
  async () => {
    const h = harness();
    const at = new Date('2026-11-25T18:00:00.000Z');
    const answer = await h.send(
      completedSession(
        { sessionId: 'session-5', orgId: 'org-1', assistantId: 'assistant-1' },
        VISIT,
        at,
        { assistantOverrides: { variableValues: { visit_id: VISIT, trade: SECOND } } },
      ),
    );
    assert.deepEqual(answer, { status: 200, body: { ok: true, stored: true } });
    const stored = {
      vapi_call_id: 'session-5',
      kind: 'webChat',
      started_at: '2026-11-25T17:58:30.000Z',
      ended_at: '2026-11-25T18:00:00.000Z',
      ended_reason: 'chat-completed',
      duration_seconds: 90,
      cost: 0.004,
      summary: null,
      structured_data: null,
      transcript:
        'User: Do you answer calls at night?\nAI: Yes: every call, day and night, in seconds.',
      recording_url: null,
      visit_id: VISIT,
      callback_id: null,
      trade: SECOND,
    };
    assert.deepEqual(h.database[0], stored);
    // Forwarded: the row but its start and transcript, the end as the owner reads it.
    const forwarded = Object.fromEntries(
      Object.entries(stored).filter(([field]) => !['started_at', 'transcript'].includes(field)),
    );
    assert.deepEqual(h.webhookIds, ['call_report:session-5']);
    assert.deepEqual(h.webhook, [
      {
        type: 'call_report',
        ...forwarded,
        ended_at: 'November 25, 2026 at 10:00 AM PST',
        // A chat rings no phone.
        ringing_after_seconds: null,
      },
    ]);
  },
);

Deno.test(
  'a report of a call the site did not start, past the allowance, is counted in one line: not forwarded, 200',
  async () => {
    const h = harness({ stored: false, refused: true, refused_today: 3 });
    const warnings = await logsOf('warn', async () => {
      const answer = await h.send(report());
      assert.deepEqual(answer, { status: 200, body: { ok: true, stored: false, refused: true } });
    });
    // The database was asked (with the allowance), and nothing reached the automation.
    assert.equal(h.database.length, 1);
    assert.equal(h.webhook.length, 0);
    assert.deepEqual(warnings, [
      [
        'vapi-events: not stored: outboundPhoneCall call-77 was not started by the site (3 outboundPhoneCall refused today)',
      ],
    ]);
  },
);

Deno.test("a report keeps its trade only when it is one of the site's trades", async () => {
  const madeUp = { variableValues: { visit_id: VISIT, trade: NOT_A_TRADE } };
  const call = { ...CALL, assistantOverrides: { ...CALL.assistantOverrides, ...madeUp } };
  const ids = { sessionId: 'session-7', orgId: 'org-1', assistantId: 'assistant-1' };
  const h = harness();
  await h.send(endOfCallReport(call, ENDED));
  await h.send(completedSession(ids, VISIT, ENDED, { assistantOverrides: madeUp }));
  assert.deepEqual(
    h.database.map((row) => [row.vapi_call_id, row.trade]),
    [
      ['call-77', null],
      ['session-7', null],
    ],
  );
  assert.deepEqual(
    h.webhook.map((payload) => (payload as { trade: unknown }).trade),
    [null, null],
  );
});

/** The callback call as request-callback places it: with the do_not_call tool. */
const CALLBACK_CALL = {
  ...CALL,
  assistantOverrides: { ...CALL.assistantOverrides, 'tools:append': [doNotCallTool()] },
};
const AT = new Date('2026-11-23T18:01:00.000Z');
/** Vapi's tool-calls message for it: the model called `names`, in order. */
const toolCalls = (names: string[], call = CALLBACK_CALL) =>
  toolCallsMessage(
    call,
    names.map((name, i) => ({ id: `call_tool${i}`, name })),
    AT,
  );

Deno.test(
  "do_not_call lists the number the site dialed, by the call's id, and answers Vapi with the tool's result",
  async () => {
    const h = harness();
    const answer = await h.send(toolCalls(['do_not_call']));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      results: [
        { name: 'do_not_call', toolCallId: 'call_tool0', result: CALLBACK_CALL_WORDS.resultListed },
      ],
    });
    // Only the call's id: the number is the stored callback's, never the message's.
    assert.deepEqual(h.listed, [{ vapi_call_id: 'call-77' }]);
    assert.equal(h.database.length, 0);
    assert.equal(h.webhook.length, 0);
  },
);

Deno.test('a number the message names is never what is listed', async () => {
  const h = harness();
  const forged = toolCalls(['do_not_call']);
  forged.message.customer = { number: '+12125550199' };
  forged.message.call = { ...forged.message.call!, customer: { number: '+12125550199' } };
  await h.send(forged);
  assert.deepEqual(h.listed, [{ vapi_call_id: 'call-77' }]);
  assert.ok(!JSON.stringify(h.listed).includes('+1212'));
});

Deno.test(
  'a call the site did not place (no callback has its id) is answered with an error, and its words still end the call',
  async () => {
    const h = harness(true, () => ({ known: false, added: false }));
    const answer = await h.send(toolCalls(['do_not_call']));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, {
      results: [
        {
          name: 'do_not_call',
          toolCallId: 'call_tool0',
          error: CALLBACK_CALL_WORDS.resultNotListed,
        },
      ],
    });
    assert.deepEqual(h.listed, [{ vapi_call_id: 'call-77' }]);
  },
);

Deno.test(
  'a message with no call id reaches no database and is answered with an error',
  async () => {
    const h = harness();
    const message = toolCalls(['do_not_call']);
    delete message.message.call;
    const answer = await h.send(message);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.results[0].error, CALLBACK_CALL_WORDS.resultNotListed);
    assert.equal(h.listed.length, 0);
  },
);

Deno.test(
  'a repeat (Vapi again, or the model asking twice) is answered alike, the database asked once a message',
  async () => {
    let added = true;
    const h = harness(true, () => {
      const answer = { known: true, added };
      added = false;
      return answer;
    });
    const first = await h.send(toolCalls(['do_not_call']));
    const again = await h.send(toolCalls(['do_not_call']));
    assert.deepEqual(again.body, first.body);
    const twice = await h.send(toolCalls(['do_not_call', 'do_not_call']));
    assert.deepEqual(
      twice.body.results.map((r: { toolCallId: string; result?: string }) => [
        r.toolCallId,
        r.result,
      ]),
      [
        ['call_tool0', CALLBACK_CALL_WORDS.resultListed],
        ['call_tool1', CALLBACK_CALL_WORDS.resultListed],
      ],
    );
    assert.equal(h.listed.length, 3);
  },
);

Deno.test(
  'the database failing is answered with an error, not a 500: the call still ends',
  async () => {
    const h = harness(true, () => {
      throw new Error('database callback_do_not_call_add: 57014 canceling statement');
    });
    const answer = await h.send(toolCalls(['do_not_call']));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.results[0].error, CALLBACK_CALL_WORDS.resultNotListed);
  },
);

Deno.test('any other tool is answered with an error and lists nothing', async () => {
  const h = harness();
  const answer = await h.send(toolCalls(['transfer_to_owner']));
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.results, [
    {
      name: 'transfer_to_owner',
      toolCallId: 'call_tool0',
      error: 'vapi-events has no tool named "transfer_to_owner".',
    },
  ]);
  assert.equal(h.listed.length, 0);
});

Deno.test('a tool-calls message without the secret lists nothing', async () => {
  for (const secret of [null, 'guess']) {
    const h = harness();
    assert.equal((await h.send(toolCalls(['do_not_call']), secret)).status, 401);
    assert.equal(h.listed.length, 0);
  }
});

/** Vapi's status-update for the callback's call at `at` (the shared fixture). */
const STARTED = new Date('2026-11-23T18:00:02.500Z');

Deno.test(
  "records each step of a call (queued, ringing, in-progress, ended) with one database call, at the message's time",
  async () => {
    for (const status of ['queued', 'ringing', 'in-progress', 'ended'] as const) {
      const h = harness();
      const answer = await h.send(statusUpdate(CALL, status, STARTED));
      assert.deepEqual(answer, { status: 200, body: { ok: true, recorded: true } }, status);
      assert.deepEqual(h.steps, [
        {
          vapi_call_id: 'call-77',
          status,
          at: '2026-11-23T18:00:02.500Z',
          // The call's own callback, for a status that comes before its id is recorded.
          callback_id: CALLBACK,
        },
      ]);
      assert.equal(h.database.length + h.webhook.length + h.listed.length, 0);
    }
  },
);

Deno.test(
  'a status-update of a call the site did not place is acknowledged, not recorded',
  async () => {
    const h = harness(true, undefined, () => ({ known: false }));
    const answer = await h.send(statusUpdate(CALL, 'ringing', STARTED));
    assert.deepEqual(answer, { status: 200, body: { ok: true, recorded: false } });
    assert.equal(h.steps.length, 1);
  },
);

Deno.test(
  'a status-update without a time or with an unreadable one is recorded at none (the database uses its own clock)',
  async () => {
    // The last two are JavaScript's first and last times, past PostgreSQL's ISO form.
    for (const timestamp of [undefined, 'yesterday', Number.NaN, 1e300, -8.64e15, 8.64e15]) {
      const h = harness();
      const { message } = statusUpdate(CALL, 'ringing', STARTED);
      const answer = await h.send({ message: { ...message, timestamp } });
      assert.equal(answer.status, 200);
      assert.equal(h.steps[0]?.at, null, String(timestamp));
    }
  },
);

Deno.test(
  'a status-update of a step that names no call is 400, with no database call',
  async () => {
    const h = harness();
    const { message } = statusUpdate(CALL, 'ringing', STARTED);
    for (const call of [undefined, { ...CALL, id: '' }, { ...CALL, id: 7 }]) {
      const answer = await h.send({ message: { ...message, call } });
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body, {
        code: 'bad_request',
        message: 'The status update names no call.',
      });
    }
    assert.equal(h.steps.length, 0);
  },
);

Deno.test(
  'a status-update the database did not record is 500, so Vapi sends it again',
  async () => {
    const h = harness(true, undefined, () => {
      throw new Error('down');
    });
    const logged = await logsOf('error', async () => {
      const answer = await h.send(statusUpdate(CALL, 'ringing', STARTED));
      assert.deepEqual(answer, { status: 500, body: { code: 'not_recorded' } });
    });
    assert.equal(h.steps.length, 1);
    assert.match(String(logged[0]?.[0]), /ringing status of call-77 was not recorded/);
  },
);

Deno.test('a status-update without the secret records nothing', async () => {
  const h = harness();
  assert.equal((await h.send(statusUpdate(CALL, 'ringing', STARTED), 'wrong')).status, 401);
  assert.equal(h.steps.length, 0);
});
