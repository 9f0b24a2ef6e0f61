/** The revenue calculator's bounds, each well past an honest figure for the site's trades. */
export const CALCULATOR_FIELDS = ['leads', 'value', 'delay', 'rate'] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/** The least is 0 for every field. */
export const CALCULATOR_MAX = {
  leads: 10_000,
  value: 100_000,
  /** Hours. */
  delay: 720,
  /** Per cent. */
  rate: 100,
} as const satisfies Record<CalculatorField, number>;

/** The formula's delay factor is at most 1. Equal to ESTIMATE_MAX, so every estimate is kept. */
export const CALCULATOR_ESTIMATE_MAX = /* @__PURE__ */ largestEstimate(CALCULATOR_MAX);

// Pure, so the inline script's bundle drops it unused.
function largestEstimate(max: typeof CALCULATOR_MAX): number {
  return (max.leads * max.value * max.rate) / 100;
}
