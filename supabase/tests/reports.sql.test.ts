/**
 * Every genuine end-of-call report (of a call the site started) is kept: a generated corpus of
 * hard reports (structured data of many multi-byte characters, an emoji at every cut, NUL and
 * other controls, half characters, numbers past the bounds, missing fields) goes through
 * vapi-events' own reportRow and into demo_calls on both engines, each stored. And the bytes a
 * row at the bounds takes on disk, and the bytes of its read, measured.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { endOfCallReport, queuedWebCall } from '../functions/_shared/vapi/fixtures';
import { MAX_CALL_SECONDS as CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import type { EndOfCallReport } from '../functions/_shared/vapi/types';
import { REPORT_READABLE_SECONDS } from '../functions/_shared/contracts/report-read';
import { LIMITS, reportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteWebCall } from './site-calls';

/** VAPI_MAX_CALL_SECONDS as the functions read it when unset. */
const MAX_CALL_SECONDS = CALL_SECONDS.fallback;

const ENDED = new Date('2026-11-25T10:00:00.000Z');
let serial = 0;
/** A report of a call of its own, with `changes` to the fixture's message. */
function report(changes: Partial<EndOfCallReport> = {}) {
  serial += 1;
  const call = queuedWebCall(
    { assistantId: 'a', assistantOverrides: { metadata: { visit_id: crypto.randomUUID() } } },
    { id: `corpus-${serial}-${crypto.randomUUID()}`, orgId: 'org' },
  );
  return endOfCallReport(call, ENDED, changes).message;
}

const CJK = '漢';
const EMOJI = '😀';

/** The corpus: each entry a name and a message. */
function corpus(): [string, EndOfCallReport][] {
  const entries: [string, EndOfCallReport][] = [
    [
      'structured data of 3,000 CJK characters',
      report({ analysis: { structuredData: { notes: CJK.repeat(3_000) } } }),
    ],
    [
      'structured data of 2,000 CJK characters',
      report({ analysis: { structuredData: { notes: CJK.repeat(2_000) } } }),
    ],
    [
      'structured data of many small keys (jsonb spaces them out)',
      report({
        analysis: {
          structuredData: Object.fromEntries(Array.from({ length: 1_300 }, (_, i) => [`k${i}`, i])),
        },
      }),
    ],
    [
      'structured data with true, false and null',
      report({ analysis: { structuredData: { a: true, b: false, c: null } } }),
    ],
    ['a number written with an exponent', report({ analysis: { structuredData: { n: 1e308 } } })],
    [
      'NUL and other controls everywhere',
      report({
        analysis: { summary: 'a\u0000b\u0007c', structuredData: { note: 'x\u0000y' } },
        artifact: {
          transcript: 'AI: hi\u0000\u001b[2J\nUser: hello',
          recordingUrl: 'https://r.test/\u0000a.wav',
        },
        endedReason: 'customer-ended-call' as EndOfCallReport['endedReason'],
      }),
    ],
    [
      'half characters',
      report({ analysis: { summary: 'a\ud800b\udc00c' }, artifact: { transcript: '\ud83d' } }),
    ],
    [
      'a duration past a day and a cost past the bound',
      report({ durationSeconds: 1e9, cost: 1e12 }),
    ],
    ['negative numbers', report({ durationSeconds: -5, cost: -1 })],
    [
      'times that are no times',
      report({ startedAt: 'soon', endedAt: 'later', durationSeconds: undefined }),
    ],
    ['no analysis and no artifact', { ...report(), analysis: {}, artifact: {} } as EndOfCallReport],
  ];
  // An emoji (two UTF-16 units) straddling every cut of the summary and the transcript.
  for (let shift = 0; shift < 3; shift += 1) {
    entries.push([
      `an emoji at the cut, shifted ${shift}`,
      report({
        analysis: { summary: 'a'.repeat(LIMITS.summary - 1 - shift) + EMOJI.repeat(3) },
        artifact: { transcript: 'b'.repeat(LIMITS.transcript - 1 - shift) + EMOJI.repeat(3) },
      }),
    ]);
  }
  return entries;
}

/** `count` characters of four UTF-8 bytes each, in no order compression can use. */
const widest = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCodePoint(0x1f300 + Math.floor(Math.random() * 0x700)),
  ).join('');

/** A report at every bound, in the widest characters: the largest row a report can make. */
const largest = () =>
  report({
    endedReason: widest(LIMITS.reason) as EndOfCallReport['endedReason'],
    analysis: {
      summary: widest(LIMITS.summary),
      structuredData: { notes: widest(2_000) },
    },
    artifact: {
      transcript: widest(LIMITS.transcript),
      recordingUrl: `https://r.test/${widest(LIMITS.url - 15)}`,
    },
  });

describe.each(ENGINES)('on %s', (engineName, engine) => {
  describe.each<DefaultGrants>(['none'])(
    'end-of-call reports, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      /** Stores the report of a call the site started (start-web-call's). */
      const store = async (row: { vapi_call_id: string | null }) => {
        await siteWebCall(requests, row.vapi_call_id!);
        return rpc(requests, 'demo_call_store', row);
      };

      it.each(corpus())('stores %s', async (_name, message) => {
        const row = reportRow(message as unknown as Record<string, unknown>, MAX_CALL_SECONDS);
        expect(await store(row)).toEqual({ stored: true });
      });

      it('keeps what fits and drops only what cannot: cut on characters, cleaned, clamped', () => {
        const [cjkOver, cjkFits, , booleans, exponent, controls, halves, huge] = corpus().map(
          ([, m]) => reportRow(m as unknown as Record<string, unknown>, MAX_CALL_SECONDS),
        );
        expect(cjkOver!.structured_data).toBeNull();
        expect(cjkFits!.structured_data).toEqual({ notes: CJK.repeat(2_000) });
        expect(booleans!.structured_data).toEqual({ a: true, b: false, c: null });
        expect(exponent!.structured_data).toBeNull();
        expect(controls!.summary).toBe('abc');
        expect(controls!.structured_data).toEqual({ note: 'xy' });
        expect(controls!.transcript).toBe('AI: hi[2J\nUser: hello');
        expect(halves!.summary).toBe('abc');
        expect(halves!.transcript).toBeNull();
        expect(huge!.duration_seconds).toBe(MAX_CALL_SECONDS);
        expect(huge!.cost).toBe(LIMITS.cost);
      });

      it('measures the bytes the largest report takes on disk', async () => {
        const size = async () =>
          Number(
            (
              await db.query<{ bytes: string }>(
                "select pg_total_relation_size('public.demo_calls') as bytes",
              )
            ).rows[0]?.bytes,
          );
        const before = await size();
        const rows = 20;
        for (let i = 0; i < rows; i += 1) {
          expect(
            await store(
              reportRow(largest() as unknown as Record<string, unknown>, MAX_CALL_SECONDS),
            ),
          ).toEqual({
            stored: true,
          });
        }
        const perRow = Math.round(((await size()) - before) / rows);
        console.log(`reports on ${engineName}: the largest report takes ${perRow} bytes on disk`);
        // The bound docs/security.md states.
        expect(perRow).toBeLessThanOrEqual(88 * 1024);
      });

      it('reads the largest report in one answer of at most 110 KB', async () => {
        const row = reportRow(largest() as unknown as Record<string, unknown>, MAX_CALL_SECONDS);
        const id = await siteWebCall(requests, row.vapi_call_id!);
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
        const read = await rpc(requests, 'call_report_read', {
          id,
          readable_seconds: REPORT_READABLE_SECONDS,
        });
        expect(read.status).toBe('ready');
        const bytes = new TextEncoder().encode(JSON.stringify(read)).length;
        console.log(`reports on ${engineName}: the largest report is read in ${bytes} bytes`);
        expect(bytes).toBeLessThanOrEqual(110 * 1024);
      });
    },
  );
});
