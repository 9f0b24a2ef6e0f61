// Deno tests of where-a-visitor-came-from on the wire (origin.ts): a value out of bounds is kept
// as null, never a refusal, in every body that carries it (a lead, a callback, a web call, a chat).
import assert from 'node:assert/strict';
import { looksPersonal } from '../lead-rules.ts';
import { CALCULATOR_ESTIMATE_MAX, CALCULATOR_MAX } from './calculator-bounds.ts';
import { parseCallback } from './callback.ts';
import { parseChat } from './chat.ts';
import { parseLeadContext } from './lead.ts';
import {
  ESTIMATE_MAX,
  parseEstimate,
  parseTrade,
  parseUtm,
  parseVariables,
  TRADES,
} from './origin.ts';
import { parseWebCall } from './web-call.ts';
import { NOT_A_TRADE, twoTrades } from '../tests/trades.ts';

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** Two different trades of site.config.ts. */
const [FIRST, SECOND] = twoTrades();

/** The variables each body with variables keeps of `variables`. */
function keptVariables(variables: unknown): unknown[] {
  const callback = parseCallback({
    id: ID,
    consent: true,
    consent_version: '2026-11-23',
    phone: '+14155552671',
    variables,
  });
  const webCall = parseWebCall({ id: ID, variables });
  const chat = parseChat({ id: ID, input: 'Hi', variables });
  return [callback, webCall, chat].map((parsed) => {
    assert.ok(parsed.ok, 'a variable out of bounds never refuses the body');
    return parsed.value.variables;
  });
}

Deno.test("a trade is one of the site's trades, else none", () => {
  for (const trade of TRADES) assert.equal(parseTrade(trade), trade);
  // Close to a trade is not one: a capital letter, a space after, more after it.
  const capitalised = FIRST.replace(/[a-z]/, (letter) => letter.toUpperCase());
  for (const madeUp of [
    NOT_A_TRADE,
    capitalised,
    `${FIRST} `,
    `${SECOND}-x`,
    'x'.repeat(41),
    7,
    null,
  ])
    assert.equal(parseTrade(madeUp), null, String(madeUp));
  assert.equal(parseVariables({ trade: NOT_A_TRADE }), null);
  assert.equal(parseLeadContext({ trade: NOT_A_TRADE }).trade, null);
  assert.equal(parseLeadContext({ trade: SECOND }).trade, SECOND);
  for (const kept of keptVariables({ trade: NOT_A_TRADE, leads: 40 }))
    assert.deepEqual(kept, { leads: 40 });
  for (const kept of keptVariables({ trade: FIRST })) assert.deepEqual(kept, { trade: FIRST });
});

Deno.test("each calculator number is kept within the calculator's own bound, else dropped", () => {
  const atBounds = { ...CALCULATOR_MAX, estimate: CALCULATOR_ESTIMATE_MAX };
  for (const kept of keptVariables(atBounds)) assert.deepEqual(kept, atBounds);
  for (const [key, max] of Object.entries(atBounds)) {
    // Past its own bound (and still within the old one of 1,000,000,000 for every field): dropped.
    const rest = Object.fromEntries(Object.entries(atBounds).filter(([other]) => other !== key));
    for (const kept of keptVariables({ ...atBounds, [key]: max + 1 }))
      assert.deepEqual(kept, rest, `${key} at ${max + 1}`);
  }
  // The close rate is a share: 101 per cent is none.
  for (const kept of keptVariables({ rate: 101, trade: FIRST }))
    assert.deepEqual(kept, { trade: FIRST });
  // Whole numbers, as before; nothing but numbers.
  for (const kept of keptVariables({ leads: 40.4, delay: '2', value: Number.NaN, rate: -1 }))
    assert.deepEqual(kept, { leads: 40 });
  for (const kept of keptVariables({ leads: 10_001, rate: 'x' })) assert.equal(kept, null);
});

Deno.test("the estimate's bound is the formula's largest, within the database's", () => {
  // leads x value x rate / 100 at their bounds (the delay's factor is at most 1).
  assert.equal(
    CALCULATOR_ESTIMATE_MAX,
    (CALCULATOR_MAX.leads * CALCULATOR_MAX.value * CALCULATOR_MAX.rate) / 100,
  );
  assert.ok(CALCULATOR_ESTIMATE_MAX <= ESTIMATE_MAX);
  assert.equal(parseEstimate(CALCULATOR_ESTIMATE_MAX), CALCULATOR_ESTIMATE_MAX);
  assert.equal(parseEstimate(CALCULATOR_ESTIMATE_MAX + 1), null);
  assert.equal(parseLeadContext({ estimate: CALCULATOR_ESTIMATE_MAX + 1 }).estimate, null);
  const callback = parseCallback({
    id: ID,
    consent: true,
    consent_version: '2026-11-23',
    phone: '+14155552671',
    estimate: CALCULATOR_ESTIMATE_MAX + 1,
  });
  assert.ok(callback.ok);
  assert.equal(callback.value.estimate, null);
});

Deno.test('a utm value that looks like an e-mail address or a phone number is dropped', () => {
  for (const personal of [
    'jane@example.com',
    'Jane.Doe+ads@mail.example.co.uk',
    'contact jane@example.com',
    'jane%40example.com',
    '+1 415 555 0100',
    '4155550100',
    '(415) 555-0100',
    '415.555.0100',
    '+44 20 7946 0958',
    'tel:+14155550100',
    '5550100',
  ])
    assert.equal(looksPersonal(personal), true, personal);
  for (const campaign of [
    'google',
    'spring-sale-2026',
    'ad-12',
    '2026-11-20',
    '123456',
    '1-800-FLOWERS',
    'cpc',
    '@example',
    'missed calls',
  ])
    assert.equal(looksPersonal(campaign), false, campaign);
  const utm = {
    utm_source: 'jane@example.com',
    utm_medium: '+1 415 555 0100',
    utm_term: '4155550100',
    utm_campaign: 'spring',
    utm_content: 'hero',
  };
  assert.deepEqual(parseUtm(utm), { utm_campaign: 'spring', utm_content: 'hero' });
  assert.deepEqual(parseLeadContext({ utm }).utm, { utm_campaign: 'spring', utm_content: 'hero' });
  assert.equal(parseUtm({ utm_source: '4155550100' }), null);
});
