// Deno tests of request-callback's parser (callback.ts): a call that follows a lead, and how long
// before the request the visitor pressed.
import assert from 'node:assert/strict';
import { parseCallback, PRESSED_MS_MAX } from './callback.ts';

const body = (extra: Record<string, unknown> = {}) => ({
  id: '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  phone: '(415) 555-2671',
  consent: true,
  consent_version: '2026-11-23',
  captcha: 'token',
  ...extra,
});

const parsed = (extra: Record<string, unknown> = {}) => {
  const answer = parseCallback(body(extra));
  assert.ok(answer.ok, JSON.stringify(extra));
  return answer.value;
};

Deno.test('follows_lead is true only when the body says true', () => {
  assert.equal(parsed({ follows_lead: true }).follows_lead, true);
  for (const follows_lead of [undefined, false, 'true', 1, null, {}]) {
    assert.equal(parsed({ follows_lead }).follows_lead, false, String(follows_lead));
  }
});

Deno.test('pressed_ms: whole ms within 0 and PRESSED_MS_MAX, 0 when not a number', () => {
  assert.equal(PRESSED_MS_MAX, 120_000);
  for (const [given, kept] of [
    [undefined, 0],
    [0, 0],
    [850, 850],
    [850.6, 851],
    [-5, 0],
    [PRESSED_MS_MAX, PRESSED_MS_MAX],
    [PRESSED_MS_MAX + 1, PRESSED_MS_MAX],
    [1e12, PRESSED_MS_MAX],
    [Infinity, 0],
    [NaN, 0],
    ['850', 0],
    [null, 0],
  ] as const) {
    assert.equal(parsed({ pressed_ms: given }).pressed_ms, kept, String(given));
  }
});

Deno.test('a lead call is refused like any other request when the rest is wrong', () => {
  const answer = parseCallback(body({ follows_lead: true, consent: false }));
  assert.equal(answer.ok, false);
  if (!answer.ok) assert.equal(answer.code, 'consent_required');
});
