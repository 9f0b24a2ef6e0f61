/**
 * Business times are Pacific (spec §9), whatever the visitor's own time zone.
 *
 * Written with plain date arithmetic, not `Intl`: the first `Intl.DateTimeFormat` a browser
 * process makes loads ICU's time-zone data, 32 to 57 ms in a fresh renderer (about 130 to 230 ms
 * on a phone 4x slower), and this module rides in the contact form's sender, which loads at the
 * first focus of the form, just as the visitor starts to type (docs/performance.md).
 *
 * The rule is the one the US has kept since 2007: daylight saving time from 2:00 PST on the
 * second Sunday of March to 2:00 PDT on the first Sunday of November. Dates before 2007 are
 * written by `Intl`, made only then. `src/lib/pacific-time.test.ts` compares both functions with
 * `Intl` from 2007 to 2040, every 13 hours and around each change of clocks; if the US changes
 * its rule, the time-zone data of a newer Node changes with it, and that test fails here.
 */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

const HOUR_MS = 3_600_000;
const FIRST_YEAR_OF_RULE = 2007;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The instant (ms) of the `n`-th Sunday of a month (0-based) at `hourUtc` o'clock UTC. */
function nthSundayAt(year: number, month: number, n: number, hourUtc: number): number {
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstDay) % 7);
  return Date.UTC(year, month, firstSunday + 7 * (n - 1), hourUtc);
}

/** Whether daylight saving time is on in the Pacific zone at that instant (2007's rule). */
function isDaylightTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  // 2:00 PST is 10:00 UTC; 2:00 PDT is 09:00 UTC. Both fall far from the turn of the year, so
  // the UTC year is the Pacific one.
  return ms >= nthSundayAt(year, 2, 2, 10) && ms < nthSundayAt(year, 10, 1, 9);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The Pacific wall clock of an instant, and its zone (null before 2007's rule). */
function pacificClock(date: Date): { wall: Date; daylight: boolean } | null {
  // (An invalid date's year is NaN: it goes to `Intl`, which refuses it.)
  if (!(date.getUTCFullYear() >= FIRST_YEAR_OF_RULE)) return null;
  const daylight = isDaylightTime(date.getTime());
  return { wall: new Date(date.getTime() + (daylight ? -7 : -8) * HOUR_MS), daylight };
}

/**
 * ISO 8601 with the Pacific offset of that instant, e.g. `2026-11-22T06:17:05.123-08:00`
 * (`-07:00` while daylight saving time is on).
 */
export function toPacificIso(date: Date): string {
  const clock = pacificClock(date);
  if (!clock) return legacyPacificIso(date);
  // The wall clock, written as UTC, with the zone's offset for the Z.
  return clock.wall.toISOString().replace('Z', clock.daylight ? '-07:00' : '-08:00');
}

/** A Pacific time a person reads, e.g. `November 22, 2026 at 6:17 AM PST`. */
export function toPacificReadable(date: Date): string {
  const clock = pacificClock(date);
  if (!clock) return legacyPacificReadable(date);
  const w = clock.wall;
  const hours = w.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const zone = clock.daylight ? 'PDT' : 'PST';
  return `${MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()} at ${hour12}:${two(w.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} ${zone}`;
}

// Before 2007 (and for an invalid date, which `Intl` refuses): `Intl`, made on
// first use only.
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

/** `toPacificIso` as `Intl` writes it: for dates before 2007, and the tests' reference. */
export function legacyPacificIso(date: Date): string {
  const p = partsOf(legacyFormats().iso, date);
  // "GMT-08:00" -> "-08:00"; Intl writes plain "GMT" for a zero offset.
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}${offset}`;
}

/** `toPacificReadable` as `Intl` writes it: for dates before 2007, and the tests' reference. */
export function legacyPacificReadable(date: Date): string {
  const p = partsOf(legacyFormats().readable, date);
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}
