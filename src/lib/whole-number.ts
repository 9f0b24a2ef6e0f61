/**
 * Whole numbers as the page writes them, `10,000` and `$1,530`, in plain arithmetic rather than
 * `Intl`: the first `Intl.NumberFormat` (or `toLocaleString`) a fresh browser process makes loads
 * ICU's locale data, 20 to 60 ms on this machine's Chromium, and the calculator's formatter was
 * made as the app's script was evaluated, inside the page's first long task
 * (docs/performance.md, "The app's first task"). The results are the `en-US` ones, rounding half
 * away from zero as `Intl` does; src/lib/whole-number.test.ts compares the two.
 */

/** `n` rounded to a whole number, grouped by thousands: `1234567.5` gives `1,234,568`. */
export function groupDigits(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  // As Intl does, the sign is the number's own: -0.4 gives `-0`.
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  const size = Math.abs(n);
  if (size === Infinity) return `${sign}∞`;
  // Half away from zero, and the shortest digits that read back as the number (as Intl writes
  // it), which a Number past 1e21 prints in exponent form: `1e+21` is 1 and 21 zeros.
  const [mantissa = '', exponent] = String(Math.round(size)).split('e+');
  const digits = exponent ? mantissa.replace('.', '').padEnd(Number(exponent) + 1, '0') : mantissa;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** US dollars with no cents: `1530` gives `$1,530`, `-2.5` gives `-$3`. */
export function formatUsd(amount: number): string {
  const grouped = groupDigits(amount);
  return grouped.startsWith('-') ? `-$${grouped.slice(1)}` : `$${grouped}`;
}
