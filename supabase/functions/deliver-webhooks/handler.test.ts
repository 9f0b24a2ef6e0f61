// Deno tests of deliver-webhooks: the handler called with a Request, the owner's webhook faked at
// fetch and lead_delivery's `due` faked as a function (its SQL, with workers at once, is tested in
// supabase/tests/lead-guards.sql.test.ts and outbox.sql.test.ts).
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import type { StoredCallReport } from '../_shared/contracts/call-report.ts';
import { logsOf } from '../_shared/tests/request.ts';
import { storedLead } from '../_shared/tests/stored-lead.ts';
import { endOfCallReport, queuedWebCall } from '../_shared/vapi/fixtures.ts';
import { createHandler } from './handler.ts';

const WEBHOOK = 'https://automation.test/webhook/lead';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KEY = 'service-role-key';
const CLAIM = '2026-11-24T14:17:30.123456+00:00';

/** Vapi's report of a web call (the shared fixture)... */
const { message: REPORTED } = endOfCallReport(
  queuedWebCall({ assistantId: 'assistant-1' }, { id: 'call-9', orgId: 'org-1' }),
  new Date('2026-11-23T18:02:30.000Z'),
);
/** ...as demo_calls holds it and the claim gives it back. */
const REPORT: StoredCallReport & Record<string, unknown> = {
  vapi_call_id: 'call-9',
  kind: 'webCall',
  started_at: '2026-11-23T18:00:00+00:00',
  ended_at: '2026-11-23T18:02:30+00:00',
  ended_reason: REPORTED.endedReason ?? null,
  duration_seconds: REPORTED.durationSeconds ?? null,
  cost: REPORTED.cost ?? null,
  summary: REPORTED.analysis?.summary ?? null,
  structured_data: REPORTED.analysis?.structuredData ?? null,
  transcript: REPORTED.artifact?.transcript ?? null,
  recording_url: REPORTED.artifact?.recordingUrl ?? null,
  visit_id: null,
  callback_id: null,
  received_at: '2026-11-23T18:02:31.2+00:00',
  trade: null,
  ringing_after_seconds: null,
};

/** What `due` takes: one delivery of each kind, each claimed. */
const DUE = [
  { id: 'lead-one', lead: storedLead({ id: 'lead-one' }) },
  { id: 'call_report:call-9', report: REPORT },
  {
    id: 'budget_spent:chat:2026-11-26',
    alert: { feature: 'chat', budget: 500, resets_at: '2026-11-27T00:00:00Z' },
  },
];

function harness(
  options: {
    answer?: (id: string) => Response;
    database?: 'down';
    /** The one recording of an outcome the database fails. */
    failing?: { action: 'release' | 'done'; id: string };
  } = {},
) {
  const recorded: Record<string, unknown>[] = [];
  const posted: { id: string; body: string; headers: Headers }[] = [];
  const handler = createHandler({
    serviceRoleKey: KEY,
    database: async (name, request) => {
      assert.equal(name, 'lead_delivery');
      if (options.database === 'down') throw new Error('database lead_delivery: timeout');
      recorded.push(request);
      const { failing } = options;
      if (failing && request.action === failing.action && request.id === failing.id)
        throw new Error('database lead_delivery: 57014 canceling statement');
      if (request.action !== 'due') return { state: 'ok' };
      return {
        state: 'due',
        deliveries: DUE.map((delivery) => ({
          state: 'claimed',
          claim: CLAIM,
          attempt: 2,
          ...delivery,
        })),
      };
    },
    webhook: {
      url: WEBHOOK,
      secret: SECRET,
      fetch: async (input, init) => {
        assert.equal(String(input), WEBHOOK);
        const headers = new Headers(init?.headers);
        const id = headers.get('webhook-id')!;
        posted.push({ id, body: String(init?.body), headers });
        return options.answer?.(id) ?? new Response('ok');
      },
    },
  });
  const run = (init: RequestInit = {}) =>
    handler(
      new Request('http://functions.test/deliver-webhooks', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        ...init,
      }),
    );
  return { run, recorded, posted };
}

Deno.test(
  'posts each due delivery of every kind once, signed, its payload built from its subject',
  async () => {
    const { run, recorded, posted } = harness();
    const response = await run();
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { taken: 3, delivered: 3 });
    const payloads = Object.fromEntries(
      posted.map((post) => [
        post.id,
        // The webhook-id is the delivery's id, under the signature.
        new Webhook(SECRET).verify(post.body, Object.fromEntries(post.headers)),
      ]),
    );
    assert.deepEqual(Object.keys(payloads).sort(), [
      'budget_spent:chat:2026-11-26',
      'call_report:call-9',
      'lead-one',
    ]);
    assert.equal((payloads['lead-one'] as { email: string }).email, 'dana@example.com');
    assert.equal(
      (payloads['lead-one'] as { created_at: string }).created_at,
      'November 24, 2026 at 6:17 AM PST',
    );
    assert.deepEqual(payloads['call_report:call-9'], {
      type: 'call_report',
      vapi_call_id: 'call-9',
      kind: 'webCall',
      ended_at: 'November 23, 2026 at 10:02 AM PST',
      ended_reason: 'customer-ended-call',
      duration_seconds: REPORTED.durationSeconds,
      cost: REPORTED.cost,
      summary: REPORTED.analysis?.summary,
      structured_data: REPORTED.analysis?.structuredData,
      recording_url: REPORTED.artifact?.recordingUrl,
      visit_id: null,
      callback_id: null,
      trade: null,
      ringing_after_seconds: null,
    });
    assert.deepEqual(payloads['budget_spent:chat:2026-11-26'], {
      type: 'budget_spent',
      feature: 'chat',
      limit: 500,
      resets_at: '2026-11-27T00:00:00Z',
    });
    assert.deepEqual(recorded.map(({ action, id }) => `${action} ${id ?? ''}`.trim()).sort(), [
      'done budget_spent:chat:2026-11-26',
      'done call_report:call-9',
      'done lead-one',
      'due',
    ]);
  },
);

Deno.test('a post that fails is released with its claim, to wait its turn', async () => {
  const { run, recorded, posted } = harness({
    answer: (id) => new Response('down', { status: id === 'call_report:call-9' ? 500 : 200 }),
  });
  assert.deepEqual(await (await run()).json(), { taken: 3, delivered: 2 });
  // One post an attempt: the outbox's schedule is the retry.
  assert.equal(posted.filter((post) => post.id === 'call_report:call-9').length, 1);
  assert.deepEqual(
    recorded.find((request) => request.action === 'release'),
    {
      id: 'call_report:call-9',
      action: 'release',
      claim: CLAIM,
      error: 'the webhook refused or did not answer',
    },
  );
  assert.equal(recorded.filter((request) => request.action === 'done').length, 2);
});

Deno.test(
  'a failed post whose release the database fails: 200, the others posted and counted',
  async () => {
    const { run, recorded, posted } = harness({
      answer: (id) => new Response('down', { status: id === 'call_report:call-9' ? 500 : 200 }),
      failing: { action: 'release', id: 'call_report:call-9' },
    });
    const logged = await logsOf('error', async () => {
      const response = await run();
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { taken: 3, delivered: 2 });
    });
    assert.equal(posted.length, 3);
    assert.equal(recorded.filter((request) => request.action === 'done').length, 2);
    assert.ok(
      logged.some((line) =>
        String(line[0]).includes('delivery call_report:call-9: recording the attempt failed'),
      ),
    );
  },
);

Deno.test(
  'a post the database fails to mark done is still delivered: 200, every delivery counted',
  async () => {
    const { run, posted } = harness({ failing: { action: 'done', id: 'lead-one' } });
    const logged = await logsOf('error', async () => {
      const response = await run();
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { taken: 3, delivered: 3 });
    });
    assert.equal(posted.length, 3);
    assert.ok(logged.some((line) => String(line[0]).includes('delivery lead-one was posted')));
  },
);

Deno.test('only the service-role key runs it, and only with POST', async () => {
  const { run, recorded, posted } = harness();
  for (const authorization of ['', 'Bearer anon-key', `Bearer ${KEY}x`, KEY]) {
    const response = await run({ headers: { authorization } });
    assert.equal(response.status, 401, authorization);
  }
  assert.equal((await run({ method: 'GET' })).status, 405);
  assert.deepEqual(recorded, []);
  assert.deepEqual(posted, []);
});

Deno.test('a database that does not answer: 503, nothing posted', async () => {
  const { run, posted } = harness({ database: 'down' });
  const response = await run();
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { code: 'database_unavailable' });
  assert.deepEqual(posted, []);
});
