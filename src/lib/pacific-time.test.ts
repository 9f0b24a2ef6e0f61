import { describe, expect, it } from 'vitest';
import { toPacificIso, toPacificReadable } from '@shared/pacific-time.ts';

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
});
