// Deno tests of the budget alarm: the day's first record of a spent budget posts the owner's
// signed budget_spent webhook, once; a later one, no webhook set, or a database that fails
// posts nothing and never reaches the visitor's answer.
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { budgetAlarm } from './budget.ts';
import type { BudgetSpentWebhook } from './contracts/budget.ts';
import { logsOf } from './tests/request.ts';
import type { WebhookSettings } from './webhook.ts';

const SECRET = `whsec_${btoa('a budget alarm key of 32 bytes!!')}`;

function harness(answers: Record<string, unknown>[], url: string | null = 'https://hooks.test/x') {
  const database: { name: string; request: Record<string, unknown> }[] = [];
  const posts: { headers: Headers; body: string }[] = [];
  const pending: Promise<unknown>[] = [];
  const webhook: WebhookSettings = url
    ? {
        url,
        secret: SECRET,
        fetch: async (_input, init = {}) => {
          posts.push({ headers: new Headers(init.headers), body: String(init.body) });
          return new Response('ok');
        },
        sleep: async () => {},
      }
    : { url: null, fetch };
  const alarm = budgetAlarm({
    database: async (name, request) => {
      database.push({ name, request });
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer;
    },
    webhook,
    background: (work) => void pending.push(work()),
  });
  return { alarm, database, posts, settled: () => Promise.all(pending) };
}

Deno.test('the first record of a spent budget posts one signed budget_spent webhook', async () => {
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
  assert.equal(h.database.length, 2);
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
  assert.equal(logged.length, 1);
});
