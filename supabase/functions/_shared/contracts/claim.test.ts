import assert from 'node:assert/strict';
import { limitedKind, limitErrorBody, parseClaim, retryAfter } from './claim.ts';

Deno.test('a claim is one of its outcomes, a limited one with its limit and whole seconds', () => {
  const outcomes = ['call', 'limited'] as const;
  const limited = { outcome: 'limited', limit: 'day', retry_after: 120 };
  assert.deepEqual(parseClaim(limited, outcomes), limited);
  assert.deepEqual(parseClaim({ outcome: 'call' }, outcomes), { outcome: 'call' });
  for (const answer of [
    null,
    'call',
    { outcome: 'existing' },
    { outcome: 'limited', limit: 'day' },
    { outcome: 'limited', limit: 'day', retry_after: 0.5 },
    { outcome: 'limited', retry_after: 60 },
  ]) {
    assert.throws(() => parseClaim(answer, outcomes), /the claim answered/);
  }
});

Deno.test('a limited claim is refused alike: its limit in the body, Retry-After', () => {
  const extra = retryAfter({ limit: 'day', retry_after: 120 });
  assert.deepEqual(extra, { details: 'day', headers: { 'Retry-After': '120' } });
  const refusal = { status: 429, code: 'limited', message: 'Wait.', ...extra };
  assert.deepEqual(limitErrorBody(refusal), { code: 'limited', message: 'Wait.', limit: 'day' });
  assert.deepEqual(limitErrorBody({ ...refusal, details: null }), {
    code: 'limited',
    message: 'Wait.',
  });
});

Deno.test("the page reads a refusal's limit: the day's budget spent, or another limit", () => {
  const spent = ['day', 'minutes'];
  for (const limit of spent) assert.equal(limitedKind({ code: 'limited', limit }, spent), 'spent');
  for (const body of [{ code: 'limited', limit: 'address' }, { code: 'limited' }, {}, null]) {
    assert.equal(limitedKind(body, spent), 'limited', JSON.stringify(body));
  }
});
