import { describe, expect, it } from 'vitest';
import { CALCULATOR_ESTIMATE_MAX, CALCULATOR_MAX } from '@shared/contracts/calculator-bounds.ts';
import { ESTIMATE_MAX, parseEstimate, parseVariables } from '@shared/contracts/origin.ts';
import { formatUsd } from '@/lib/whole-number';
import { estimateLostRevenue, type CalculatorInputs } from './estimate';

const inputs = (leads: string, value: string, delay: string, rate: string): CalculatorInputs => ({
  leads,
  value,
  delay,
  rate,
});

describe('estimateLostRevenue', () => {
  it.each([
    // leads, value, delay, rate, expected dollars shown
    ['10', '1000', '2', '15.3', '$1,530'],
    ['10', '1000', '1', '20', '$1,000'],
    ['40', '8500', '3', '20', '$68,000'],
    ['40', '8500', '48', '20', '$68,000'], // delay beyond 2 hours caps at the full loss
    ['3', '333', '1', '50', '$250'], // 249.75 rounds half up to $250
    ['1', '1', '0.5', '1', '$0'], // 0.0025 rounds to $0
    ['1', '99.5', '2', '100', '$100'], // .5 rounds away from zero
    ['2.5', '1000.50', '1.5', '12.5', '$234'], // decimals everywhere: 234.49 rounds down
    ['1000000', '2500000', '2', '100', '$2,500,000,000,000'], // large values stay exact
  ])('leads %s x value %s, delay %s h, rate %s percent gives %s', (l, v, d, r, shown) => {
    const amount = estimateLostRevenue(inputs(l, v, d, r));
    expect(amount).not.toBeNull();
    expect(formatUsd(amount ?? Number.NaN)).toBe(shown);
  });

  it.each([
    ['', '1000', '2', '20'],
    ['10', '', '2', '20'],
    ['10', '1000', '', '20'],
    ['10', '1000', '2', ''],
    ['0', '1000', '2', '20'],
    ['10', '0', '2', '20'],
    ['10', '1000', '0', '20'],
    ['10', '1000', '2', '0.0'],
    ['10', '.', '2', '20'],
  ])('shows nothing unless all four are non-zero numbers (%s, %s, %s, %s)', (l, v, d, r) => {
    expect(estimateLostRevenue(inputs(l, v, d, r))).toBeNull();
  });
});

describe("the estimate's bound", () => {
  const atMax = (change: Partial<CalculatorInputs> = {}) =>
    estimateLostRevenue({
      leads: String(CALCULATOR_MAX.leads),
      value: String(CALCULATOR_MAX.value),
      delay: String(CALCULATOR_MAX.delay),
      rate: String(CALCULATOR_MAX.rate),
      ...change,
    });

  it("is the formula's largest, with every field at its bound, and the database keeps it", () => {
    expect(atMax()).toBe(CALCULATOR_ESTIMATE_MAX);
    // The delay's factor is already whole at 2 hours: a longer delay adds nothing.
    expect(atMax({ delay: '2' })).toBe(CALCULATOR_ESTIMATE_MAX);
    expect(CALCULATOR_ESTIMATE_MAX).toBeLessThanOrEqual(ESTIMATE_MAX);
  });

  it('keeps every number the calculator can show on the wire, and none past it', () => {
    const sent = {
      leads: CALCULATOR_MAX.leads,
      value: CALCULATOR_MAX.value,
      delay: CALCULATOR_MAX.delay,
      rate: CALCULATOR_MAX.rate,
      estimate: atMax()!,
    };
    expect(parseVariables(sent)).toEqual(sent);
    expect(parseEstimate(atMax())).toBe(CALCULATOR_ESTIMATE_MAX);
    expect(parseEstimate(CALCULATOR_ESTIMATE_MAX + 1)).toBeNull();
  });
});
