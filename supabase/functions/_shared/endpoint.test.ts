// Deno tests of the functions' shared opening: CORS for the site's origins (every loopback
// spelling of a local site, one origin deployed), the order of its checks, and its refusals.
import assert from 'node:assert/strict';
import { anyBody, refuse, type Parsed } from './contracts/refusal.ts';
import { openEndpoint } from './endpoint.ts';
import { siteOrigins } from './http.ts';

Deno.test('a deployed site has one origin; a local one every loopback spelling of its port', () => {
  assert.deepEqual(siteOrigins('https://www.example.com/any/path'), ['https://www.example.com']);
  assert.deepEqual(siteOrigins('http://localhost:4173'), [
    'http://localhost:4173',
    'http://127.0.0.1:4173',
    'http://[::1]:4173',
  ]);
  assert.deepEqual(siteOrigins('http://127.0.0.1:8080/'), [
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://[::1]:8080',
  ]);
  // A name that merely starts like a loopback one is another site.
  assert.deepEqual(siteOrigins('https://localhost.example.com'), ['https://localhost.example.com']);
});

function harness(parse: (body: Record<string, unknown>) => Parsed<unknown> = anyBody) {
  const verified: string[] = [];
  const handled: unknown[] = [];
  const handler = openEndpoint(
    {
      name: 'test',
      origins: siteOrigins('http://localhost:4173'),
      maxBytes: 64,
      parse,
      botCheck: {
        secret: 'secret',
        verifyUrl: 'https://turnstile.test/siteverify',
        fetch: async (_input, init) => {
          const token = String((init?.body as FormData).get('response'));
          verified.push(token);
          return Response.json({ success: token === 'good' });
        },
      },
      headers: { 'Cache-Control': 'no-store' },
    },
    async ({ body, answer }) => {
      handled.push(body);
      return answer(200, { ok: true });
    },
  );
  const send = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
    handler(
      new Request('https://fn.test/x', {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'POST' ? body : undefined,
      }),
    );
  return { send, verified, handled };
}

Deno.test(
  'answers the page at each loopback name, and names the site to any other page',
  async () => {
    const h = harness();
    for (const origin of ['http://localhost:4173', 'http://127.0.0.1:4173', 'http://[::1]:4173']) {
      const preflight = await h.send('', { origin }, 'OPTIONS');
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), origin);
      const answer = await h.send('{"captcha":"good"}', { origin });
      assert.equal(answer.headers.get('access-control-allow-origin'), origin);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    }
    for (const origin of ['http://localhost:5000', 'https://evil.example', 'null']) {
      const answer = await h.send('{"captcha":"good"}', { origin });
      assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:4173');
    }
  },
);

Deno.test('refuses what it cannot read before any bot check or work', async () => {
  const h = harness();
  assert.equal((await h.send('', {}, 'GET')).status, 405);
  assert.equal((await h.send('{"captcha":"good"}', { 'content-type': 'text/plain' })).status, 415);
  assert.equal((await h.send(JSON.stringify({ captcha: 'x'.repeat(100) }))).status, 413);
  assert.equal((await h.send('[1]')).status, 400);
  assert.equal((await h.send('{nope')).status, 400);
  assert.deepEqual(h.verified, []);
  assert.deepEqual(h.handled, []);
});

Deno.test(
  'a body its contract refuses costs no bot check; a failed bot check no work',
  async () => {
    const h = harness((body) =>
      body.n === 1 ? { ok: true, value: body } : refuse(400, 'bad_request', 'n must be 1'),
    );
    const refused = await h.send('{"n":2,"captcha":"good"}');
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { code: 'bad_request', message: 'n must be 1' });
    assert.deepEqual(h.verified, []);
    const failed = await h.send('{"n":1,"captcha":"bad"}');
    assert.equal(failed.status, 403);
    assert.equal((await failed.json()).code, 'captcha_failed');
    assert.deepEqual(h.handled, []);
    assert.equal((await h.send('{"n":1,"captcha":"good"}')).status, 200);
    assert.deepEqual(h.handled, [{ n: 1, captcha: 'good' }]);
  },
);
