/** Business times are Pacific (spec §9), whatever the visitor's own time zone. */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

const isoFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

const readableFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * ISO 8601 with the Pacific offset of that instant, e.g. `2026-11-22T06:17:05.123-08:00`
 * (`-07:00` while daylight saving time is on).
 */
export function toPacificIso(date: Date): string {
  const p = partsOf(isoFormat, date);
  // "GMT-08:00" -> "-08:00"; Intl writes plain "GMT" for a zero offset.
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}${offset}`;
}

/** A Pacific time a person reads, e.g. `November 22, 2026 at 6:17 AM PST`. */
export function toPacificReadable(date: Date): string {
  const p = partsOf(readableFormat, date);
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}
