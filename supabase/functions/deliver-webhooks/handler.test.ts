// Deno tests of deliver-webhooks: the handler called with a Request, the owner's webhook faked at
// fetch and lead_delivery's `due` faked as a function (its SQL, with workers at once, is tested in
// supabase/tests/lead-guards.sql.test.ts).
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { storedLead } from '../_shared/tests/stored-lead.ts';
import { createHandler } from './handler.ts';

const WEBHOOK = 'https://automation.test/webhook/lead';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KEY = 'service-role-key';
const CLAIM = '2026-11-24T14:17:30.123456+00:00';

function harness(options: { answer?: (id: string) => Response; database?: 'down' } = {}) {
  const ids = ['lead-one', 'lead-two'];
  const recorded: Record<string, unknown>[] = [];
  const posted: { id: string; body: string; headers: Headers }[] = [];
  const handler = createHandler({
    serviceRoleKey: KEY,
    database: async (name, request) => {
      assert.equal(name, 'lead_delivery');
      if (options.database === 'down') throw new Error('database lead_delivery: timeout');
      recorded.push(request);
      if (request.action !== 'due') return { state: 'ok' };
      return {
        state: 'due',
        deliveries: ids.map((id) => ({
          state: 'claimed',
          id,
          claim: CLAIM,
          attempt: 2,
          lead: storedLead({ id }),
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

Deno.test('posts each due lead once, signed, with its delivery id as the webhook-id', async () => {
  const { run, recorded, posted } = harness();
  const response = await run();
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { taken: 2, delivered: 2 });
  assert.deepEqual(posted.map((post) => post.id).sort(), ['lead-one', 'lead-two']);
  for (const post of posted) {
    new Webhook(SECRET).verify(post.body, Object.fromEntries(post.headers));
    assert.equal(JSON.parse(post.body).email, 'dana@example.com');
  }
  assert.deepEqual(recorded.map(({ action, id }) => `${action} ${id ?? ''}`.trim()).sort(), [
    'done lead-one',
    'done lead-two',
    'due',
  ]);
});

Deno.test('a post that fails is released with its claim, to wait its turn', async () => {
  const { run, recorded } = harness({
    answer: (id) => new Response('down', { status: id === 'lead-two' ? 500 : 200 }),
  });
  assert.deepEqual(await (await run()).json(), { taken: 2, delivered: 1 });
  assert.deepEqual(
    recorded.find((request) => request.action === 'release'),
    {
      id: 'lead-two',
      action: 'release',
      claim: CLAIM,
      error: 'the webhook refused or did not answer',
    },
  );
  assert.equal(recorded.filter((request) => request.action === 'done').length, 1);
});

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
