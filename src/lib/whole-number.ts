/**
 * Plain arithmetic, not `Intl`: a fresh browser's first NumberFormat loads ICU's locale data
 * (20 to 60 ms) inside the page's first long task (docs/performance.md). Results match `en-US`.
 */

/** `1234567.5` gives `1,234,568`. */
export function groupDigits(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  // As Intl does, the sign is the number's own: -0.4 gives `-0`.
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  const size = Math.abs(n);
  if (size === Infinity) return `${sign}∞`;
  // Half away from zero, in the shortest digits, as Intl writes it; past 1e21 a Number
  // prints in exponent form.
  const [mantissa = '', exponent] = String(Math.round(size)).split('e+');
  const digits = exponent ? mantissa.replace('.', '').padEnd(Number(exponent) + 1, '0') : mantissa;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `-2.5` gives `-$3`. */
export function formatUsd(amount: number): string {
  const grouped = groupDigits(amount);
  return grouped.startsWith('-') ? `-$${grouped.slice(1)}` : `$${grouped}`;
}
