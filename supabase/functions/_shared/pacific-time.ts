/**
 * Business times are Pacific. Plain date arithmetic, not `Intl`: the first Intl.DateTimeFormat
 * loads ICU's zone data (30 to 230 ms), and this rides in the contact form's sender as the
 * visitor starts to type. The US rule of 2007 on: daylight time from the second Sunday of March
 * to the first of November; earlier dates go to `Intl`. src/lib/pacific-time.test.ts compares
 * both with `Intl`, so a change of the US rule fails it.
 */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

const HOUR_MS = 3_600_000;
const FIRST_YEAR_OF_RULE = 2007;
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );

/** `month` is 0-based. */
function nthSundayAt(year: number, month: number, n: number, hourUtc: number): number {
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstDay) % 7);
  return Date.UTC(year, month, firstSunday + 7 * (n - 1), hourUtc);
}

function isDaylightTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  // 2:00 PST is 10:00 UTC, 2:00 PDT 09:00 UTC; far from New Year, so the UTC year is Pacific's.
  return ms >= nthSundayAt(year, 2, 2, 10) && ms < nthSundayAt(year, 10, 1, 9);
}

function pacificClock(date: Date): { wall: Date; daylight: boolean } | null {
  // An invalid date's year is NaN: it goes to `Intl`, which refuses it.
  if (!(date.getUTCFullYear() >= FIRST_YEAR_OF_RULE)) return null;
  const daylight = isDaylightTime(date.getTime());
  return { wall: new Date(date.getTime() + (daylight ? -7 : -8) * HOUR_MS), daylight };
}

/** e.g. `2026-11-22T06:17:05.123-08:00`. */
export function toPacificIso(date: Date): string {
  const clock = pacificClock(date);
  if (!clock) return legacyPacificIso(date);
  return clock.wall.toISOString().replace('Z', clock.daylight ? '-07:00' : '-08:00');
}

/** e.g. `November 22, 2026 at 6:17 AM PST`. */
export function toPacificReadable(date: Date): string {
  const clock = pacificClock(date);
  if (!clock) return legacyPacificReadable(date);
  const w = clock.wall;
  const hours = w.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const zone = clock.daylight ? 'PDT' : 'PST';
  return `${MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()} at ${hour12}:${String(w.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} ${zone}`;
}

// Made on first use only.
let legacy: { iso: Intl.DateTimeFormat; readable: Intl.DateTimeFormat } | null = null;

function legacyFormats() {
  legacy ??= {
    iso: new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    }),
    readable: new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    }),
  };
  return legacy;
}

function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** Also the tests' reference. */
export function legacyPacificIso(date: Date): string {
  const p = partsOf(legacyFormats().iso, date);
  // "GMT-08:00" -> "-08:00"; Intl writes plain "GMT" for a zero offset.
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}${offset}`;
}

export function legacyPacificReadable(date: Date): string {
  const p = partsOf(legacyFormats().readable, date);
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}
