export interface CalculatorInputs {
  leads: string;
  value: string;
  delay: string;
  rate: string;
}

export const MAX_CLOSE_RATE = 100;
/** Past this delay a lead counts as fully lost to slow follow-up. */
export const FULL_LOSS_DELAY_HOURS = 2;

const DECIMAL = /^\d*\.?\d*$/;

export type Refusal = 'not-a-number' | 'above-max';

/**
 * Why a typed value may not stand in a calculator input, or null when it may: empty, or a
 * non-negative decimal (no letters, signs or exponents), and for the close rate no more than 100.
 */
export function refusalOf(field: keyof CalculatorInputs, raw: string): Refusal | null {
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) return 'not-a-number';
  if (field === 'rate' && raw !== '.' && Number(raw) > MAX_CLOSE_RATE) return 'above-max';
  return null;
}

/**
 * What a field may hold of a value typed before the app took over the page: the longest start
 * of it the calculator accepts (as if each keystroke had been checked), and why the next
 * character was refused, if one was.
 */
export function adoptTyped(
  field: keyof CalculatorInputs,
  typed: string,
): { value: string; why: Refusal | null } {
  for (let end = typed.length; end >= 0; end -= 1) {
    const value = typed.slice(0, end);
    if (!refusalOf(field, value)) {
      return {
        value,
        why: end === typed.length ? null : refusalOf(field, typed.slice(0, end + 1)),
      };
    }
  }
  return { value: '', why: null }; // not reached: '' is always accepted
}

/**
 * Monthly revenue lost to slow follow-up:
 * leads x value x (rate / 100) x min(delay / 2, 1).
 * Returns null unless all four inputs are filled with numbers above zero.
 */
export function estimateLostRevenue(inputs: CalculatorInputs): number | null {
  const numbers = [inputs.leads, inputs.value, inputs.delay, inputs.rate].map((raw) =>
    raw.trim() === '' ? Number.NaN : Number(raw),
  );
  if (numbers.some((n) => !Number.isFinite(n) || n <= 0)) return null;
  const [leads, value, delay, rate] = numbers as [number, number, number, number];
  return leads * value * (rate / 100) * Math.min(delay / FULL_LOSS_DELAY_HOURS, 1);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** US dollars with no decimals, e.g. `$1,530`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
