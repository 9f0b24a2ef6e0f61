// Deno tests of call-report: the handler called with a Request, the database faked as a function
// (its SQL is tested in supabase/tests/call-report-read.sql.test.ts), the report stored and
// posted by vapi-events' own handler from the shared fixture, so the lead card's webhook JSON is
// compared with what the owner's automation received.
import assert from 'node:assert/strict';
import type { CallReportWebhook, StoredCallReport } from '../_shared/contracts/call-report.ts';
import { REPORT_READABLE_SECONDS } from '../_shared/contracts/report-read.ts';
import type { CallDatabase } from '../_shared/database.ts';
import { databaseFromKeys } from '../_shared/database.ts';
import { fakeOutbox } from '../_shared/tests/outbox.ts';
import { logsOf, postJson } from '../_shared/tests/request.ts';
import { HOOKS_SECRET, REPORTS } from '../_shared/tests/services.ts';
import { twoTrades } from '../_shared/tests/trades.ts';
import { endOfCallReport, queuedWebCall } from '../_shared/vapi/fixtures.ts';
import { chatKeys } from '../chat/chat-key.ts';
import { MAX_CALL_SECONDS } from '../_shared/contracts/web-call.ts';
import { createHandler as vapiEvents } from '../vapi-events/handler.ts';
import { createHandler } from './handler.ts';

const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER = '7a2d3c0f-4d5e-4f60-9bac-1d2e3f4a5b6c';
const VISIT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SITE = 'https://site.test';
const KEY = await REPORTS.keyOf(ID);
/** A trade of site.config.ts. */
const [TRADE] = twoTrades();

function harness(database: CallDatabase | Record<string, unknown>) {
  const asked: Record<string, unknown>[] = [];
  const handler = createHandler({
    origins: [SITE],
    reports: REPORTS,
    database:
      typeof database === 'function'
        ? database
        : async (name, request) => {
            assert.equal(name, 'call_report_read');
            asked.push(request);
            if (database instanceof Error) throw database;
            return database;
          },
  });
  return {
    asked,
    read: async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await handler(postJson('call-report', body, { origin: SITE, ...headers }));
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
  };
}

/**
 * A web call's report as vapi-events stores and posts it (its own handler, the shared fixture):
 * the row as the database holds it, and the JSON the owner's webhook received, built from the
 * row its delivery carries.
 */
async function storedAndPosted(ringingAfterMs?: number) {
  const outbox = fakeOutbox();
  const rows: Record<string, unknown>[] = [];
  const posted: unknown[] = [];
  const pending: Promise<unknown>[] = [];
  /** As the database gives it back: jsonb prints a time with its offset, not with `Z`. */
  const asStored = (row: Record<string, unknown>) => {
    // Not columns: the allowance, and the claim id that finds a start.
    const columns = { ...row };
    delete columns.limits;
    delete columns.web_call_id;
    return {
      ...(columns as unknown as StoredCallReport),
      ended_at: String(row.ended_at).replace('Z', '+00:00'),
      // Its callback's, as the database gives it: round(ringing_after_ms / 1000.0, 1).
      ringing_after_seconds:
        ringingAfterMs === undefined ? null : Math.round(ringingAfterMs / 100) / 10,
    };
  };
  const handler = vapiEvents({
    secret: 'vapi-secret',
    maxCallSeconds: MAX_CALL_SECONDS.fallback,
    database: async (name, request) => {
      if (name === 'lead_delivery') return outbox.call(request);
      rows.push(request);
      // The database writes the report's delivery with it.
      outbox.enqueue(`call_report:${String(request.vapi_call_id)}`, { report: asStored(request) });
      return { stored: true };
    },
    limits: { unknown_daily: 0, unknown_daily_bytes: 0 },
    webhook: {
      url: 'https://hooks.test',
      secret: HOOKS_SECRET,
      fetch: async (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return new Response('ok');
      },
      sleep: async () => {},
    },
    background: (work) => void pending.push(work()),
  });
  const call = queuedWebCall(
    {
      assistantId: 'assistant-1',
      assistantOverrides: {
        variableValues: { trade: TRADE },
        metadata: { visit_id: VISIT, web_call_id: ID },
      },
    },
    { id: 'vapi-call-1', orgId: 'org-1' },
  );
  const message = endOfCallReport(call, new Date('2026-11-25T18:04:05.678Z'), { cost: 0.3125 });
  const answer = await handler(
    postJson('vapi-events', message, { 'x-vapi-secret': 'vapi-secret' }),
  );
  assert.equal(answer.status, 200);
  await Promise.all(pending);
  // As call_report_read answers it: the columns the webhook names.
  const row = asStored(rows[0]!) as unknown as Record<string, unknown>;
  const columns = Object.keys(posted[0] as object).filter((name) => name !== 'type');
  const stored = Object.fromEntries(columns.map((name) => [name, row[name]]));
  return { stored, posted: posted[0] as CallReportWebhook, message: message.message };
}

Deno.test('a wrong key is 404 not_found, with no database call', async () => {
  const h = harness({ status: 'ready', report: {} });
  for (const key of [
    await REPORTS.keyOf(OTHER),
    KEY.slice(0, -1) + (KEY.endsWith('A') ? 'B' : 'A'),
    'A'.repeat(43),
    // The chat's key of the same id, from the same secret, is no report key (another label).
    await chatKeys('service-role-key').keyOf(ID, null),
  ]) {
    const answer = await h.read({ id: ID, key });
    assert.equal(answer.status, 404, key);
    assert.deepEqual(answer.body, { code: 'not_found', message: 'No report for this id and key.' });
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  }
  // Another id with this id's key: the same.
  assert.equal((await h.read({ id: OTHER, key: KEY })).status, 404);
  assert.deepEqual(h.asked, []);
});

Deno.test('a body that is no ticket is 400, with no database call', async () => {
  const h = harness({ status: 'waiting' });
  for (const body of [{}, { id: 'x', key: KEY }, { id: ID }, { id: ID, key: 'short' }, '[]']) {
    const answer = await h.read(body);
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.body.code, 'bad_request');
  }
  assert.deepEqual(h.asked, []);
});

Deno.test('the right key: waiting until the report is stored, one database call', async () => {
  const h = harness({ status: 'waiting' });
  const answer = await h.read({ id: ID, key: KEY });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body, { status: 'waiting' });
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.equal(answer.headers.get('access-control-allow-origin'), SITE);
  assert.deepEqual(h.asked, [{ id: ID, readable_seconds: REPORT_READABLE_SECONDS }]);
  // The id's case does not matter: the page may send it as the start answered it.
  assert.equal((await h.read({ id: ID.toUpperCase(), key: KEY })).status, 200);
});

Deno.test(
  'the right key, the report stored: what the owner received, its webhook JSON the very one vapi-events posted',
  async () => {
    const { stored, posted, message } = await storedAndPosted();
    const h = harness({
      status: 'ready',
      report: { ...stored, transcript: message.artifact?.transcript },
    });
    const answer = await h.read({ id: ID, key: KEY });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.deepEqual(answer.body, {
      status: 'ready',
      report: {
        kind: 'webCall',
        summary: message.analysis?.summary,
        structured_data: message.analysis?.structuredData,
        transcript: message.artifact?.transcript,
        webhook: posted,
      },
    });
    assert.equal(posted.type, 'call_report');
    assert.equal(posted.trade, TRADE);
    assert.equal(posted.ended_at, 'November 25, 2026 at 10:04 AM PST');
  },
);

Deno.test("a callback's steps are passed through, waiting and ready", async () => {
  const steps = { queued_ms: 812, ringing_ms: 3120, answered_ms: null, ended: false };
  const waiting = await harness({ status: 'waiting', steps }).read({ id: ID, key: KEY });
  assert.equal(waiting.status, 200);
  assert.deepEqual(waiting.body, { status: 'waiting', steps });

  // Ready: the report's speed to lead (ringing_after_seconds) the very one vapi-events posted.
  const { stored, posted, message } = await storedAndPosted(3120);
  assert.equal(posted.ringing_after_seconds, 3.1);
  const done = { ...steps, answered_ms: 9000, ended: true };
  const ready = await harness({
    status: 'ready',
    report: { ...stored, transcript: message.artifact?.transcript },
    steps: done,
  }).read({ id: ID, key: KEY });
  assert.equal(ready.status, 200);
  assert.deepEqual(ready.body.steps, done);
  assert.deepEqual(ready.body.report.webhook, posted);
});

Deno.test('steps that are not steps are left out; the report is still read', async () => {
  const logged = await logsOf('error', async () => {
    for (const steps of [
      { queued_ms: -1, ringing_ms: null, answered_ms: null, ended: false },
      { queued_ms: 1.5, ringing_ms: null, answered_ms: null, ended: false },
      { queued_ms: '10', ringing_ms: null, answered_ms: null, ended: false },
      { queued_ms: null, ringing_ms: null, answered_ms: null, ended: 'no' },
      { queued_ms: null, ringing_ms: null, ended: false },
      'steps',
    ]) {
      const answer = await harness({ status: 'waiting', steps }).read({ id: ID, key: KEY });
      assert.equal(answer.status, 200, JSON.stringify(steps));
      assert.deepEqual(answer.body, { status: 'waiting' }, JSON.stringify(steps));
    }
  });
  assert.equal(logged.length, 6);
  // Only the fields of CallSteps are passed on.
  const extra = { queued_ms: 1, ringing_ms: 2, answered_ms: 3, ended: true, phone: '+1415' };
  const answer = await harness({ status: 'waiting', steps: extra }).read({ id: ID, key: KEY });
  assert.deepEqual(answer.body.steps, { queued_ms: 1, ringing_ms: 2, answered_ms: 3, ended: true });
});

Deno.test('a report not found, expired or unknown is the same 404 as a wrong key', async () => {
  const h = harness({ status: 'not_found' });
  const answer = await h.read({ id: ID, key: KEY });
  assert.equal(answer.status, 404);
  assert.deepEqual(answer.body, { code: 'not_found', message: 'No report for this id and key.' });
  assert.equal(h.asked.length, 1);
});

Deno.test('a database that fails, hangs or answers nonsense: 502 read_failed', async () => {
  const hang: typeof fetch = (_input, init = {}) =>
    new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  const databases: [string, CallDatabase | Record<string, unknown>][] = [
    ['fails', new Error('down') as unknown as Record<string, unknown>],
    ['hangs', databaseFromKeys('https://project.supabase.test', 'service-role', hang, 50)],
    ['answers no status', { outcome: 'call' }],
    ['answers ready with no report', { status: 'ready' }],
  ];
  await logsOf('error', async () => {
    for (const [what, database] of databases) {
      const answer = await harness(database).read({ id: ID, key: KEY });
      assert.equal(answer.status, 502, what);
      assert.deepEqual(
        answer.body,
        { code: 'read_failed', message: 'The report could not be read. Please try again.' },
        what,
      );
      assert.equal(answer.headers.get('cache-control'), 'no-store', what);
    }
  });
});

Deno.test('CORS for the site only, and POST only', async () => {
  const handler = createHandler({ origins: [SITE], reports: REPORTS, database: async () => ({}) });
  const preflight = await handler(
    new Request('https://functions.test/call-report', {
      method: 'OPTIONS',
      headers: { origin: SITE },
    }),
  );
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), SITE);
  const get = await handler(new Request('https://functions.test/call-report'));
  assert.equal(get.status, 405);
});
