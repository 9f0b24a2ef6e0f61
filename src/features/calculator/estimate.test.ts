import { describe, expect, it } from 'vitest';
import {
  adoptTyped,
  estimateLostRevenue,
  formatUsd,
  refusalOf,
  type CalculatorInputs,
} from './estimate';

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

describe('refusalOf', () => {
  it.each(['', '0', '12', '12.5', '.5', '12.', '007'])('accepts %j', (raw) => {
    expect(refusalOf('leads', raw)).toBeNull();
  });

  it.each(['-1', '+1', '1e3', 'e', 'abc', '1,000', '1.2.3', ' 1', '1 ', 'Infinity', '0x10'])(
    'refuses %j',
    (raw) => {
      expect(refusalOf('value', raw)).toBe('not-a-number');
    },
  );

  it('caps the close rate at 100 but not the other fields', () => {
    expect(refusalOf('rate', '100')).toBeNull();
    expect(refusalOf('rate', '100.0')).toBeNull();
    expect(refusalOf('rate', '100.5')).toBe('above-max');
    expect(refusalOf('rate', '101')).toBe('above-max');
    expect(refusalOf('rate', '-5')).toBe('not-a-number');
    expect(refusalOf('rate', '.')).toBeNull();
    expect(refusalOf('delay', '101')).toBeNull();
  });
});

describe('adoptTyped (values typed before the app took over)', () => {
  it('keeps an accepted value whole', () => {
    expect(adoptTyped('leads', '40')).toEqual({ value: '40', why: null });
    expect(adoptTyped('rate', '')).toEqual({ value: '', why: null });
    expect(adoptTyped('value', '2500.5')).toEqual({ value: '2500.5', why: null });
  });

  it('keeps the accepted start, as keystroke checks would have, and says why the rest was not', () => {
    expect(adoptTyped('rate', '150')).toEqual({ value: '15', why: 'above-max' });
    expect(adoptTyped('leads', '12a4')).toEqual({ value: '12', why: 'not-a-number' });
    expect(adoptTyped('value', '-5')).toEqual({ value: '', why: 'not-a-number' });
  });
});
