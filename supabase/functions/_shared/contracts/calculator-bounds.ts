/**
 * The revenue calculator's bounds, in one place: the page's fields refuse a keystroke past one
 * (src/features/calculator/field-rule.ts), and every body that carries the calculator's numbers
 * keeps a number past one as null (contracts/origin.ts). Each is well past an honest figure for
 * the businesses the site speaks to (the trade pages' examples: 60 to 150 leads a month, $650 to
 * $24,000 a deal).
 */

/** The calculator's four fields, in the order the page shows them. */
export const CALCULATOR_FIELDS = ['leads', 'value', 'delay', 'rate'] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/** The most each field takes (the least is 0 for every one): its rule's number. */
export const CALCULATOR_MAX = {
  /** Leads a month. */
  leads: 10_000,
  /** The average deal, in dollars. */
  value: 100_000,
  /** The reply's delay, in hours: 30 days (past 2 hours the formula counts the lead lost). */
  delay: 720,
  /** The close rate, in per cent. */
  rate: 100,
} as const satisfies Record<CalculatorField, number>;

/**
 * The largest estimate the calculator can show, from its formula (src/features/calculator/
 * estimate.ts: leads x value x (rate / 100) x min(delay / 2, 1)) at every field's bound: the last
 * factor is at most 1, so the estimate is at most leads x value x rate / 100. It equals the
 * database's bound on a stored estimate (ESTIMATE_MAX), so every estimate the page shows is kept.
 */
export const CALCULATOR_ESTIMATE_MAX = /* @__PURE__ */ largestEstimate(CALCULATOR_MAX);

// Pure (so the bundle of the inline script, which reaches this module through field-rule.ts,
// drops it unused).
function largestEstimate(max: typeof CALCULATOR_MAX): number {
  return (max.leads * max.value * max.rate) / 100;
}
