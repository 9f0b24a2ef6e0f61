import { describe, expect, it } from 'vitest';
import { formatUsd, groupDigits } from './whole-number';

const intlUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const intlWhole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Halves, the edges of each thousands group, huge and odd values, and a seeded spread. */
function samples(): number[] {
  const edges = [0, -0, 0.4, 0.5, 1.5, 2.5, 249.75, 99.5, 999.5, 1_000, 9_999.5, 123_456_789.49];
  const powers = Array.from({ length: 25 }, (_, i) => 10 ** i).flatMap((p) => [p - 1, p, p + 0.5]);
  const odd = [1e21, 2.5e12, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE];
  let seed = 47;
  const next = () =>
    ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 10 ** (seed % 13);
  const spread = Array.from({ length: 2_000 }, next);
  const all = [...edges, ...powers, ...odd, ...spread];
  return [...all, ...all.map((n) => -n), NaN, Infinity, -Infinity];
}

describe('whole numbers written without Intl', () => {
  it("write every sample as Intl's en-US formats do", () => {
    for (const n of samples()) {
      expect(groupDigits(n), String(n)).toBe(intlWhole.format(n));
      expect(formatUsd(n), String(n)).toBe(intlUsd.format(n));
    }
  });

  it('group by thousands and round half away from zero', () => {
    expect(groupDigits(1_234_567.5)).toBe('1,234,568');
    expect(formatUsd(1_530)).toBe('$1,530');
    expect(formatUsd(-2.5)).toBe('-$3');
  });
});
