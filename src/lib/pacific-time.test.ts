import { describe, expect, it } from 'vitest';
import {
  legacyPacificIso,
  legacyPacificReadable,
  toPacificIso,
  toPacificReadable,
} from '@shared/pacific-time.ts';

describe('Pacific time', () => {
  it.each([
    // instant (UTC), ISO with offset, readable
    [
      '2026-11-22T14:17:05.123Z',
      '2026-11-22T06:17:05.123-08:00',
      'November 22, 2026 at 6:17 AM PST',
    ],
    ['2026-07-04T19:05:00.000Z', '2026-07-04T12:05:00.000-07:00', 'July 4, 2026 at 12:05 PM PDT'],
    [
      '2026-01-01T07:59:59.999Z',
      '2025-12-31T23:59:59.999-08:00',
      'December 31, 2025 at 11:59 PM PST',
    ],
    [
      '2026-01-01T08:00:00.000Z',
      '2026-01-01T00:00:00.000-08:00',
      'January 1, 2026 at 12:00 AM PST',
    ],
    // Spring forward, 8 March 2026: 01:59:59 PST is followed by 03:00:00 PDT.
    ['2026-03-08T09:59:59.000Z', '2026-03-08T01:59:59.000-08:00', 'March 8, 2026 at 1:59 AM PST'],
    ['2026-03-08T10:00:00.000Z', '2026-03-08T03:00:00.000-07:00', 'March 8, 2026 at 3:00 AM PDT'],
    // Fall back, 1 November 2026: 01:30 happens twice, first PDT then PST.
    [
      '2026-11-01T08:30:00.000Z',
      '2026-11-01T01:30:00.000-07:00',
      'November 1, 2026 at 1:30 AM PDT',
    ],
    [
      '2026-11-01T09:30:00.000Z',
      '2026-11-01T01:30:00.000-08:00',
      'November 1, 2026 at 1:30 AM PST',
    ],
  ])('%s is %s, read as %s', (utc, iso, readable) => {
    const date = new Date(utc);
    expect(toPacificIso(date)).toBe(iso);
    expect(toPacificReadable(date)).toBe(readable);
    // The ISO string names the same instant.
    expect(new Date(toPacificIso(date)).getTime()).toBe(date.getTime());
  });

  const HOUR_MS = 3_600_000;

  /** The instants where the two ways differ, at most the first few. */
  function mismatches(instants: Iterable<number>): string[] {
    const found: string[] = [];
    for (const ms of instants) {
      const date = new Date(ms);
      const iso = toPacificIso(date);
      const readable = toPacificReadable(date);
      if (iso !== legacyPacificIso(date) || readable !== legacyPacificReadable(date))
        found.push(`${date.toISOString()}: ${iso} / ${readable}`);
      if (found.length >= 5) break;
    }
    return found;
  }

  function* everyStep(fromMs: number, toMs: number, stepMs: number) {
    for (let ms = fromMs; ms < toMs; ms += stepMs) yield ms;
  }

  it("writes what Intl's America/Los_Angeles writes, all through 2007 to 2040", () => {
    // Every 13 hours, 1 minute, 1 second and 7 ms: each hour of the day, and minutes, seconds
    // and milliseconds that keep changing, about 23,000 instants.
    const step = 13 * HOUR_MS + 61_007;
    expect(mismatches(everyStep(Date.UTC(2007, 0, 1), Date.UTC(2041, 0, 1), step))).toEqual([]);
  });

  it('agrees with Intl around each change of clocks, 2007 to 2040', () => {
    for (let year = 2007; year <= 2040; year += 1) {
      // Every day on which the second Sunday of March (8 to 14) or the first Sunday of November
      // (1 to 7) can fall, every 10 minutes from 09:00 to 11:00 UTC (1:00 to 4:00 Pacific).
      for (const [month, firstDay] of [
        [2, 8],
        [10, 1],
      ] as const) {
        for (let day = firstDay; day < firstDay + 7; day += 1) {
          const from = Date.UTC(year, month, day, 9);
          expect(mismatches(everyStep(from, from + 2 * HOUR_MS + 1, 10 * 60_000))).toEqual([]);
        }
      }
    }
  });

  it('writes the last millisecond before each change and the first after it', () => {
    // 2026: spring forward at 10:00 UTC on 8 March, fall back at 09:00 UTC on 1 November.
    for (const edge of [Date.UTC(2026, 2, 8, 10), Date.UTC(2026, 10, 1, 9)])
      expect(mismatches([edge - 1, edge, edge + 1])).toEqual([]);
  });

  it('still writes dates before 2007, under the rule of their day, with Intl', () => {
    // 2006: daylight saving time began on the first Sunday of April, not the second of March.
    expect(toPacificIso(new Date('2006-03-20T12:00:00.000Z'))).toBe(
      '2006-03-20T04:00:00.000-08:00',
    );
    expect(toPacificReadable(new Date('2006-04-02T11:00:00.000Z'))).toBe(
      'April 2, 2006 at 4:00 AM PDT',
    );
  });
});
