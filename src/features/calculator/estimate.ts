import type { CalculatorField } from '@shared/contracts/calculator-bounds.ts';

export type CalculatorInputs = Record<CalculatorField, string>;

export const FULL_LOSS_DELAY_HOURS = 2;

/** leads x value x (rate / 100) x min(delay / 2, 1); null unless all four inputs are above zero. */
export function estimateLostRevenue(inputs: CalculatorInputs): number | null {
  const numbers = [inputs.leads, inputs.value, inputs.delay, inputs.rate].map((raw) =>
    raw.trim() === '' ? Number.NaN : Number(raw),
  );
  if (numbers.some((n) => !Number.isFinite(n) || n <= 0)) return null;
  const [leads, value, delay, rate] = numbers as [number, number, number, number];
  return leads * value * (rate / 100) * Math.min(delay / FULL_LOSS_DELAY_HOURS, 1);
}
