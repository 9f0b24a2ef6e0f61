// Deno tests of the budget alarm: the day's first record of a spent budget is stored with its
// budget_spent delivery, which the alarm claims and posts at once, signed; a later record, no
// webhook set, or a database that fails posts nothing and never reaches the visitor's answer; a
// post the webhook refuses is released to the outbox, not lost.
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { budgetAlarm } from './budget.ts';
import type { BudgetFeature, BudgetSpentWebhook } from './contracts/budget.ts';
import { fakeOutbox } from './tests/outbox.ts';
import { logsOf } from './tests/request.ts';
import type { WebhookSettings } from './webhook.ts';

const SECRET = `whsec_${btoa('a budget alarm key of 32 bytes!!')}`;

/**
 * The alarm, with budget_spent answering `answers` in turn; a `first` one's delivery is written
 * to the outbox with it, as the database's trigger writes it. The webhook answers `status`.
 */
function harness(
  answers: Record<string, unknown>[],
  url: string | null = 'https://hooks.test/x',
  status = 200,
) {
  const database: { name: string; request: Record<string, unknown> }[] = [];
  const outbox = fakeOutbox();
  const posts: { headers: Headers; body: string }[] = [];
  const pending: Promise<unknown>[] = [];
  const webhook: WebhookSettings = url
    ? {
        url,
        secret: SECRET,
        fetch: async (_input, init = {}) => {
          posts.push({ headers: new Headers(init.headers), body: String(init.body) });
          return new Response('ok', { status });
        },
        sleep: async () => {},
      }
    : { url: null, fetch };
  const alarm = budgetAlarm({
    database: async (name, request) => {
      database.push({ name, request });
      if (name === 'lead_delivery') return outbox.call(request);
      assert.equal(name, 'budget_spent');
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      if (answer?.first === true)
        outbox.enqueue(`budget_spent:${String(request.feature)}:${String(answer.day)}`, {
          alert: {
            feature: request.feature as BudgetFeature,
            budget: request.budget as number,
            resets_at: answer.resets_at as string,
          },
        });
      return answer;
    },
    webhook,
    background: (work) => void pending.push(work()),
  });
  return { alarm, database, outbox, posts, settled: () => Promise.all(pending) };
}

Deno.test(
  'the first record of a spent budget posts its delivery at once, claimed, signed, once',
  async () => {
    const h = harness([
      { first: true, day: '2026-11-26', resets_at: '2026-11-27T01:00:00Z' },
      { first: false, day: '2026-11-26', resets_at: '2026-11-27T01:05:00Z' },
    ]);
    h.alarm('calls', 100, 3600);
    h.alarm('calls', 100, 3300);
    await h.settled();
    assert.deepEqual(h.database[0], {
      name: 'budget_spent',
      request: { feature: 'calls', budget: 100, retry_after: 3600 },
    });
    assert.equal(h.database.filter(({ name }) => name === 'budget_spent').length, 2);
    assert.deepEqual(h.outbox.requests, [
      { id: 'budget_spent:calls:2026-11-26', action: 'claim', lease_seconds: 30 },
      { id: 'budget_spent:calls:2026-11-26', action: 'done' },
    ]);
    assert.equal(h.posts.length, 1);
    const [post] = h.posts;
    const payload = new Webhook(SECRET).verify(post!.body, Object.fromEntries(post!.headers));
    assert.deepEqual(payload, {
      type: 'budget_spent',
      feature: 'calls',
      limit: 100,
      resets_at: '2026-11-27T01:00:00Z',
    } satisfies BudgetSpentWebhook);
    assert.equal(post!.headers.get('webhook-id'), 'budget_spent:calls:2026-11-26');
    assert.equal(h.outbox.stateOf('budget_spent:calls:2026-11-26'), 'delivered');
  },
);

Deno.test('a post the webhook refuses is released with its claim, for the worker', async () => {
  const h = harness(
    [{ first: true, day: '2026-11-26', resets_at: '2026-11-27T01:00:00Z' }],
    'https://hooks.test/x',
    503,
  );
  const logged = await logsOf('error', async () => {
    h.alarm('minutes', 200, 3600);
    await h.settled();
  });
  assert.equal(h.posts.length, 2);
  assert.deepEqual(h.outbox.requests.at(-1), {
    id: 'budget_spent:minutes:2026-11-26',
    action: 'release',
    claim: '2026-11-24T14:17:30.000001+00:00',
    error: 'the webhook refused or did not answer',
  });
  assert.equal(h.outbox.stateOf('budget_spent:minutes:2026-11-26'), 'waiting');
  assert.ok(logged.some((line) => String(line[0]).includes('the outbox retries it')));
});

Deno.test('no webhook set: nothing is recorded or posted', async () => {
  const h = harness([], null);
  h.alarm('chat', 500, 60);
  await h.settled();
  assert.equal(h.database.length, 0);
});

Deno.test('a database that fails is logged, and nothing is posted', async () => {
  const h = harness([new Error('down') as unknown as Record<string, unknown>]);
  const logged = await logsOf('error', async () => {
    h.alarm('phone', 50, 86_400);
    await h.settled();
  });
  assert.equal(h.posts.length, 0);
  assert.deepEqual(h.outbox.requests, []);
  assert.equal(logged.length, 1);
});
