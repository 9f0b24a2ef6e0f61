import { describe, expect, it } from 'vitest';
import { CALCULATOR_MAX } from '@shared/contracts/calculator-bounds.ts';
import { adoptTyped, refusalOf } from './field-rule';

const MAX_CLOSE_RATE = CALCULATOR_MAX.rate;

describe('refusalOf', () => {
  it.each(['', '0', '12', '12.5', '.5', '12.', '007'])('accepts %j', (raw) => {
    expect(refusalOf(raw)).toBeNull();
  });

  it.each(['-1', '+1', '1e3', 'e', 'abc', '1,000', '1.2.3', ' 1', '1 ', 'Infinity', '0x10'])(
    'refuses %j',
    (raw) => {
      expect(refusalOf(raw)).toBe('not-a-number');
    },
  );

  it("caps each field at the calculator's own bound, the one the functions keep", () => {
    expect(CALCULATOR_MAX).toEqual({ leads: 10_000, value: 100_000, delay: 720, rate: 100 });
    for (const [max, within, past] of [
      [CALCULATOR_MAX.leads, '10000', '10000.5'],
      [CALCULATOR_MAX.value, '100000', '100001'],
      [CALCULATOR_MAX.delay, '720', '721'],
    ] as const) {
      expect(refusalOf(within, max)).toBeNull();
      expect(refusalOf(past, max)).toBe('above-max');
    }
  });

  it('caps the close rate at 100, and nothing without a bound', () => {
    expect(refusalOf('100', MAX_CLOSE_RATE)).toBeNull();
    expect(refusalOf('100.0', MAX_CLOSE_RATE)).toBeNull();
    expect(refusalOf('100.5', MAX_CLOSE_RATE)).toBe('above-max');
    expect(refusalOf('101', MAX_CLOSE_RATE)).toBe('above-max');
    expect(refusalOf('-5', MAX_CLOSE_RATE)).toBe('not-a-number');
    expect(refusalOf('.', MAX_CLOSE_RATE)).toBeNull();
    expect(refusalOf('101')).toBeNull();
  });
});

describe('adoptTyped (values that reached a field unchecked)', () => {
  it('keeps an accepted value whole', () => {
    expect(adoptTyped('40')).toEqual({ value: '40', why: null });
    expect(adoptTyped('', MAX_CLOSE_RATE)).toEqual({ value: '', why: null });
    expect(adoptTyped('2500.5')).toEqual({ value: '2500.5', why: null });
  });

  it('keeps the accepted start, as keystroke checks would have, and says why the rest was not', () => {
    expect(adoptTyped('150', MAX_CLOSE_RATE)).toEqual({ value: '15', why: 'above-max' });
    expect(adoptTyped('12a4')).toEqual({ value: '12', why: 'not-a-number' });
    expect(adoptTyped('-5')).toEqual({ value: '', why: 'not-a-number' });
  });
});
