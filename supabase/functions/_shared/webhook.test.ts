// Deno tests of the automation webhook's delivery: each post checked as the owner's automation
// would check it, with the Standard Webhooks library's own verify.
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import { playAnswer, type FakeAnswer } from './tests/request.ts';
import { postWebhook, webhookSecret, type WebhookSettings } from './webhook.ts';

const URL = 'https://hooks.test/lead';
/** A key as the docs make one (`openssl rand -base64 32`), behind the spec's prefix. */
const SECRET = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
const OTHER = `whsec_${btoa('another key of at least 24 bytes')}`;
const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PAYLOAD = { type: 'callback', id: ID, phone: '+14155552671', note: 'café ☕' };

interface Post {
  headers: Record<string, string>;
  body: string;
}

function harness(answers: FakeAnswer[] = [new Response('ok')], clock?: () => Date) {
  const posts: Post[] = [];
  const settings: WebhookSettings = {
    url: URL,
    secret: SECRET,
    fetch: async (input, init = {}) => {
      assert.equal(String(input), URL);
      posts.push({
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: String(init.body),
      });
      return await playAnswer(answers.shift() ?? new Response('ok'), init);
    },
    sleep: async () => {},
    timeoutMs: 50,
    ...(clock ? { now: clock } : {}),
  };
  return { posts, settings };
}

Deno.test(
  'a delivery verifies with the library, and carries exactly the bytes signed',
  async () => {
    const h = harness();
    assert.equal(await postWebhook({ id: ID, payload: PAYLOAD }, h.settings), true);
    const [post] = h.posts;
    assert.equal(post!.headers['content-type'], 'application/json');
    assert.equal(post!.headers['webhook-id'], ID);
    assert.match(post!.headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(new Webhook(SECRET).verify(post!.body, post!.headers), PAYLOAD);
    // Tampered with on the way (one character of the body): refused.
    const tampered = post!.body.replace('+1415', '+1416');
    assert.throws(() => new Webhook(SECRET).verify(tampered, post!.headers), /signature/);
  },
);

Deno.test('the timestamp is whole seconds of the try, and the signature covers it', async () => {
  const at = new Date();
  at.setMilliseconds(789);
  const h = harness([new Response('ok')], () => at);
  await postWebhook({ id: ID, payload: PAYLOAD }, h.settings);
  const headers = h.posts[0]!.headers;
  assert.equal(headers['webhook-timestamp'], String(Math.floor(at.getTime() / 1000)));
  assert.match(headers['webhook-timestamp']!, /^\d{10}$/);
  // The same delivery a second later (a replay with a fresh timestamp): refused.
  const later = {
    ...headers,
    'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
  };
  assert.throws(() => new Webhook(SECRET).verify(h.posts[0]!.body, later), /signature/);
});

Deno.test('a delivery signed with another secret fails verification', async () => {
  const h = harness();
  await postWebhook({ id: ID, payload: PAYLOAD }, { ...h.settings, secret: OTHER });
  const [post] = h.posts;
  assert.throws(
    () => new Webhook(SECRET).verify(post!.body, post!.headers),
    /No matching signature/,
  );
  assert.deepEqual(new Webhook(OTHER).verify(post!.body, post!.headers), PAYLOAD);
});

Deno.test('a retry carries the same webhook-id, each try signed and verifiable', async () => {
  let seconds = 1_800_000_000;
  const h = harness(
    [new Response('busy', { status: 503 }), 'network', new Response('ok')],
    () => new Date((seconds += 3) * 1000),
  );
  assert.equal(await postWebhook({ id: `call_report:${ID}`, payload: PAYLOAD }, h.settings), true);
  assert.equal(h.posts.length, 3);
  assert.deepEqual(
    h.posts.map((post) => post.headers['webhook-id']),
    [`call_report:${ID}`, `call_report:${ID}`, `call_report:${ID}`],
  );
  // Each try has its own time, so its own signature; each one checks out for its time.
  assert.deepEqual(
    h.posts.map((post) => post.headers['webhook-timestamp']),
    ['1800000003', '1800000006', '1800000009'],
  );
  assert.equal(new Set(h.posts.map((post) => post.headers['webhook-signature'])).size, 3);
  const signer = new Webhook(SECRET);
  for (const post of h.posts) {
    const at = new Date(Number(post.headers['webhook-timestamp']) * 1000);
    assert.equal(
      post.headers['webhook-signature'],
      signer.sign(`call_report:${ID}`, at, post.body),
    );
  }
});

Deno.test('gives up after three tries, or at once on a refusal (4xx other than 429)', async () => {
  const failing = harness(['network', new Response('', { status: 500 }), 'hang']);
  assert.equal(await postWebhook({ id: ID, payload: PAYLOAD }, failing.settings), false);
  assert.equal(failing.posts.length, 3);
  const refused = harness([new Response('', { status: 401 })]);
  assert.equal(await postWebhook({ id: ID, payload: PAYLOAD }, refused.settings), false);
  assert.equal(refused.posts.length, 1);
});

Deno.test('no URL: nothing posted; an id with a dot (the spec forbids it) is refused', async () => {
  const h = harness();
  assert.equal(
    await postWebhook({ id: ID, payload: PAYLOAD }, { url: null, fetch: h.settings.fetch }),
    true,
  );
  assert.equal(h.posts.length, 0);
  await assert.rejects(postWebhook({ id: 'a.b', payload: PAYLOAD }, h.settings), /message id/);
  assert.equal(h.posts.length, 0);
});

Deno.test('a secret is whsec_ and a base64 key of 24 to 64 bytes, or a clear error', () => {
  assert.equal(webhookSecret(` ${SECRET}\n`), SECRET);
  for (const [secret, why] of [
    [btoa('x'.repeat(32)), /does not start with whsec_/],
    ['whsec_not base64!', /not base64/],
    [`whsec_${btoa('short key')}`, /9 bytes/],
    [`whsec_${btoa('x'.repeat(65))}`, /65 bytes/],
  ] as const) {
    assert.throws(
      () => webhookSecret(secret),
      (error: Error) => /CONTACT_WEBHOOK_SECRET/.test(error.message) && why.test(error.message),
      secret,
    );
  }
});
