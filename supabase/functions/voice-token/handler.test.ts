import assert from 'node:assert/strict';
import { postJson } from '../_shared/test-request.ts';
import { verifyHs256 } from '../_shared/jwt.ts';
import { createHandler, type VoiceTokenSettings } from './handler.ts';

const NOW = new Date('2026-11-23T18:00:00Z');

function harness(options: { turnstile?: Response; claim?: unknown; databaseDown?: boolean } = {}) {
  const database: { name: string; request: Record<string, unknown> }[] = [];
  const settings: VoiceTokenSettings = {
    origins: ['https://site.test'],
    orgId: 'org-1',
    assistantId: 'assistant-1',
    privateKey: 'private-key',
    ttlSeconds: 600,
    limits: { perAddress: 10, perAddressWindowSeconds: 600, perDay: 500 },
    turnstile: {
      secret: 'secret',
      verifyUrl: 'https://turnstile.test',
      fetch: async () => (options.turnstile ?? Response.json({ success: true })).clone(),
    },
    database: async (name, request) => {
      database.push({ name, request });
      if (options.databaseDown) throw new Error('down');
      return options.claim ?? { outcome: 'ok' };
    },
    now: () => NOW,
  };
  const handler = createHandler(settings);
  return {
    database,
    send: async (body: unknown = { captcha: 'XXXX.DUMMY.TOKEN.XXXX' }) => {
      const response = await handler(
        postJson('voice-token', body, { 'x-forwarded-for': '203.0.113.4' }),
      );
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
  };
}

Deno.test(
  'mints a token for the site and the one assistant, signed with the private key, 10 minutes at most',
  async () => {
    const h = harness();
    const answer = await h.send();
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const claims = await verifyHs256(answer.body.token, 'private-key');
    assert.ok(claims, 'the signature verifies with the key');
    assert.equal(await verifyHs256(answer.body.token, 'another-key'), null);
    assert.deepEqual(claims, {
      orgId: 'org-1',
      token: {
        tag: 'public',
        restrictions: {
          enabled: true,
          allowedOrigins: ['https://site.test'],
          allowedAssistantIds: ['assistant-1'],
          allowTransientAssistant: false,
        },
      },
      iat: NOW.getTime() / 1000,
      exp: NOW.getTime() / 1000 + 600,
    });
    assert.equal(answer.body.expiresAt, '2026-11-23T18:10:00.000Z');
    assert.deepEqual(h.database[0]?.request, {
      client_address: '203.0.113.4',
      limits: { per_address: 10, per_address_window: 600, per_day: 500 },
    });
  },
);

Deno.test('a failed or missing bot check mints nothing and counts nothing', async () => {
  for (const [turnstile, body] of [
    [Response.json({ success: false, 'error-codes': ['invalid-input-response'] }), undefined],
    [undefined, {}],
  ] as const) {
    const h = harness({ turnstile });
    const answer = await h.send(body);
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'captcha_failed');
    assert.equal(h.database.length, 0);
  }
});

Deno.test('a limit answers 429 with Retry-After; a database that fails, 502', async () => {
  const limited = await harness({ claim: { outcome: 'limited', retry_after: 120 } }).send();
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '120');
  assert.equal(limited.body.token, undefined);
  const down = await harness({ databaseDown: true }).send();
  assert.equal(down.status, 502);
});
