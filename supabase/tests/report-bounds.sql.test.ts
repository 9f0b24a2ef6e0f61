/**
 * Reports bounded, at the SQL level: demo_call_store
 * keeps the report of a call or chat the site started (web call, callback, chat) once, counts
 * any other in private.unknown_reports (per day and kind) without storing it, and stores such
 * reports only within the day's allowance (in number and in bytes) it is given, exactly so under
 * 50 reports at once (a real PostgreSQL server). And what each costs the database on disk.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { asRequest } from '../../server/postgres/request-role';
import {
  completedSession,
  endOfCallReport,
  queuedWebCall,
} from '../functions/_shared/vapi/fixtures';
import { MAX_CALL_SECONDS as CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import type { EndOfCallReport } from '../functions/_shared/vapi/types';
import { LIMITS, reportRow, sessionReportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteCallback, siteChat, siteWebCall } from './site-calls';

/** VAPI_MAX_CALL_SECONDS as the functions read it when unset. */
const MAX_CALL_SECONDS = CALL_SECONDS.fallback;

const ENDED = new Date('2026-12-03T10:00:00.000Z');

/** The row vapi-events makes of Vapi's end-of-call report of call `id`, with `changes`. */
function callRow(id = `call-${crypto.randomUUID()}`, changes: Partial<EndOfCallReport> = {}) {
  const call = queuedWebCall(
    { assistantId: 'a', assistantOverrides: { metadata: { visit_id: crypto.randomUUID() } } },
    { id, orgId: 'org' },
  );
  return reportRow(
    endOfCallReport(call, ENDED, changes).message as unknown as Record<string, unknown>,
    MAX_CALL_SECONDS,
  );
}

/** `count` characters of four UTF-8 bytes each, in no order compression can use. */
const widest = (count: number) =>
  Array.from({ length: count }, () =>
    String.fromCodePoint(0x1f300 + Math.floor(Math.random() * 0x700)),
  ).join('');

/** The largest row a call's report can make (as reports.sql.test.ts measures it). */
const largestCallRow = (id?: string) =>
  callRow(id, {
    endedReason: widest(LIMITS.reason) as EndOfCallReport['endedReason'],
    analysis: { summary: widest(LIMITS.summary), structuredData: { notes: widest(2_000) } },
    artifact: {
      transcript: widest(LIMITS.transcript),
      recordingUrl: `https://r.test/${widest(LIMITS.url - 15)}`,
    },
  });

/** The largest row a chat's report can make: its transcript at the bound, nothing else. */
function largestChatRow(sessionId: string) {
  const message = completedSession(
    { sessionId, orgId: 'org', assistantId: 'a' },
    crypto.randomUUID(),
    ENDED,
    {
      messages: [
        {
          role: 'user',
          message: widest(LIMITS.transcript),
          time: ENDED.getTime(),
          endTime: ENDED.getTime(),
          secondsFromStart: 0,
        },
      ],
    },
  );
  return sessionReportRow(message.message as unknown as Record<string, unknown>);
}

describe.each(ENGINES)('on %s', (engineName, engine) => {
  describe.each<DefaultGrants>(['none'])(
    'reports bounded, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const store = (row: object, limits?: object) =>
        rpc(requests, 'demo_call_store', limits ? { ...row, limits } : row);
      /** Today's counts of reports of calls the site did not start, by kind. */
      const counted = async () =>
        (
          await db.query<{ kind: string; stored: number; stored_bytes: string; refused: number }>(
            `select kind, stored, stored_bytes, refused from private.unknown_reports
            where day = (now() at time zone 'utc')::date order by kind`,
          )
        ).rows.map((row) => ({ ...row, stored_bytes: Number(row.stored_bytes) }));
      const storedIds = async (ids: string[]) =>
        (
          await db.query<{ vapi_call_id: string }>(
            'select vapi_call_id from public.demo_calls where vapi_call_id = any($1)',
            [ids],
          )
        ).rows.map((row) => row.vapi_call_id);
      /** Forgets the day's counts (and the stored reports), so each test counts from zero. */
      const forget = async () => {
        await db.query('delete from private.unknown_reports');
        await db.query('delete from public.demo_calls');
      };
      const size = async (relation: string) =>
        Number(
          (
            await db.query<{ bytes: string }>('select pg_total_relation_size($1) as bytes', [
              relation,
            ])
          ).rows[0]?.bytes,
        );

      it('does not store the report of a call the site did not start: counts it, per kind', async () => {
        await forget();
        const stranger = callRow();
        expect(await store(stranger)).toEqual({ stored: false, refused: true, refused_today: 1 });
        // Vapi (or anyone with the secret) sends it again: counted again, never stored.
        expect(await store(stranger)).toEqual({ stored: false, refused: true, refused_today: 2 });
        const chat = sessionReportRow(
          completedSession(
            { sessionId: 'stranger-session', orgId: 'o', assistantId: 'a' },
            null,
            ENDED,
          ).message as unknown as Record<string, unknown>,
        );
        expect(await store(chat)).toEqual({ stored: false, refused: true, refused_today: 1 });
        expect(await storedIds([stranger.vapi_call_id!, chat.vapi_call_id!])).toEqual([]);
        expect(await counted()).toEqual([
          { kind: 'webCall', stored: 0, stored_bytes: 0, refused: 2 },
          { kind: 'webChat', stored: 0, stored_bytes: 0, refused: 1 },
        ]);
      });

      it('stores the report of a web call, a callback and a chat the site started, once each, uncounted', async () => {
        await forget();
        const web = callRow();
        await siteWebCall(requests, web.vapi_call_id!);
        const phone = { ...callRow(), kind: 'outboundPhoneCall' };
        phone.callback_id = await siteCallback(requests, phone.vapi_call_id!);
        const session = `session-${crypto.randomUUID()}`;
        await siteChat(requests, session);
        const chat = largestChatRow(session);
        for (const row of [web, phone, chat]) {
          expect(await store(row)).toEqual({ stored: true });
          expect(await store(row)).toEqual({ stored: false });
        }
        expect(
          (await storedIds([web, phone, chat].map((row) => row.vapi_call_id!))).sort(),
        ).toEqual([web, phone, chat].map((row) => row.vapi_call_id!).sort());
        expect(await counted()).toEqual([]);
      });

      it("stores the one report of a callback whose call Vapi never confirmed, by the callback's id", async () => {
        await forget();
        const callback = await siteCallback(requests, null);
        await rpc(requests, 'callback_record', {
          id: callback,
          status: 'unknown',
          error: 'timeout',
        });
        const first = { ...callRow(), kind: 'outboundPhoneCall', callback_id: callback };
        expect(await store(first)).toEqual({ stored: true });
        expect(await store(first)).toEqual({ stored: false });
        // A second call naming the same callback is not the site's.
        const second = { ...callRow(), kind: 'outboundPhoneCall', callback_id: callback };
        expect(await store(second)).toMatchObject({ stored: false, refused: true });
        // Nor is a call naming a callback that has its call on record.
        const placed = await siteCallback(requests, `call-${crypto.randomUUID()}`);
        const third = { ...callRow(), kind: 'outboundPhoneCall', callback_id: placed };
        expect(await store(third)).toMatchObject({ stored: false, refused: true });
      });

      it("stores the one report of a web call whose start was never recorded, by the claim's id", async () => {
        await forget();
        const claim = await siteWebCall(requests, null);
        const first = { ...callRow(), web_call_id: claim };
        expect(await store(first)).toEqual({ stored: true });
        // A second call naming the same claim is not the site's.
        expect(await store({ ...callRow(), web_call_id: claim })).toMatchObject({
          stored: false,
          refused: true,
        });
        // Nor is one naming a claim whose call is on record.
        const recorded = await siteWebCall(requests, `call-${crypto.randomUUID()}`);
        expect(await store({ ...callRow(), web_call_id: recorded })).toMatchObject({
          stored: false,
          refused: true,
        });
      });

      it('stores a stated number of such reports a day, the rest counted; a retry of a stored one is not', async () => {
        await forget();
        const limits = { unknown_daily: 2, unknown_daily_bytes: 1_000_000 };
        const [first, second, third] = [callRow(), callRow(), callRow()];
        expect(await store(first!, limits)).toEqual({ stored: true });
        expect(await store(second!, limits)).toEqual({ stored: true });
        expect(await store(first!, limits)).toEqual({ stored: false });
        expect(await store(third!, limits)).toEqual({
          stored: false,
          refused: true,
          refused_today: 1,
        });
        // The site's own calls are never held back by the allowance.
        const ours = callRow();
        await siteWebCall(requests, ours.vapi_call_id!);
        expect(await store(ours, limits)).toEqual({ stored: true });
        const [day] = await counted();
        expect(day).toMatchObject({ kind: 'webCall', stored: 2, refused: 1 });
        const bytes = (row: object) => new TextEncoder().encode(JSON.stringify(row)).length;
        // Counted as PostgreSQL's text of the JSON (a space after each ':' and ','): a little more.
        expect(day!.stored_bytes).toBeGreaterThanOrEqual(bytes(first!) + bytes(second!));
        expect(day!.stored_bytes).toBeLessThan((bytes(first!) + bytes(second!)) * 1.1);
      });

      it('stores such reports within the bytes a day, and the table grows by no more', async () => {
        await forget();
        const allowance = 250_000;
        const limits = { unknown_daily: 1_000, unknown_daily_bytes: allowance };
        const before = await size('public.demo_calls');
        const answers = [];
        for (let i = 0; i < 5; i += 1) answers.push(await store(largestCallRow(), limits));
        // A largest report is about 109 KB of JSON: two fit in 250,000 bytes, the third does not.
        expect(answers.map((answer) => answer.stored)).toEqual([true, true, false, false, false]);
        // A small one still fits in what is left.
        expect(await store(callRow(), limits)).toEqual({ stored: true });
        const [day] = await counted();
        expect(day).toMatchObject({ stored: 3, refused: 3 });
        expect(day!.stored_bytes).toBeLessThanOrEqual(allowance);
        const grown = (await size('public.demo_calls')) - before;
        console.log(
          `reports on ${engineName}: ${allowance} bytes allowed, ${day!.stored_bytes} counted, demo_calls grew ${grown} bytes`,
        );
        expect(grown).toBeLessThanOrEqual(allowance);
      });

      it('measures the bytes a refused report costs: none but one counter row a day and kind', async () => {
        await forget();
        // The first refusal of the day makes its row; the rest only count in it.
        await store(callRow());
        const before = await size('private.unknown_reports');
        const refusals = 500;
        for (let i = 0; i < refusals; i += 1) await store(callRow());
        const grown = (await size('private.unknown_reports')) - before;
        console.log(
          `reports on ${engineName}: ${refusals} refused reports grew the counter by ${grown} bytes (${(grown / refusals).toFixed(1)} a report)`,
        );
        // Updates of one row leave dead versions until the page is pruned: a page or two at most.
        expect(grown).toBeLessThanOrEqual(2 * 8192);
        expect(await counted()).toEqual([
          { kind: 'webCall', stored: 0, stored_bytes: 0, refused: refusals + 1 },
        ]);
      });

      it('measures the bytes the largest chat report takes on disk', async () => {
        await forget();
        const before = await size('public.demo_calls');
        const rows = 10;
        for (let i = 0; i < rows; i += 1) {
          const session = `session-${crypto.randomUUID()}`;
          await siteChat(requests, session);
          expect(await store(largestChatRow(session))).toEqual({ stored: true });
        }
        const perRow = Math.round(((await size('public.demo_calls')) - before) / rows);
        console.log(
          `reports on ${engineName}: the largest chat report takes ${perRow} bytes on disk`,
        );
        // The bound docs/security.md states.
        expect(perRow).toBeLessThanOrEqual(60 * 1024);
      });

      it("is the service role's alone: the public keys can neither store nor read the counts", async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(rpc(requests, 'demo_call_store', callRow(), role)).rejects.toMatchObject({
            code: '42501',
          });
          await expect(
            asRequest(
              requests,
              { method: 'GET', path: '/unknown_reports', headers: {}, role },
              (tx) => tx.query('select * from private.unknown_reports'),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
      });

      it.runIf(engine.concurrent)(
        'stores exactly the allowance under 50 reports at once, in number and in bytes',
        async () => {
          await forget();
          const seven = { unknown_daily: 7, unknown_daily_bytes: 5_000_000 };
          const many = await Promise.all(Array.from({ length: 50 }, () => store(callRow(), seven)));
          expect(many.filter((answer) => answer.stored === true)).toHaveLength(7);
          expect(many.filter((answer) => answer.refused === true)).toHaveLength(43);
          expect(await counted()).toMatchObject([{ kind: 'webCall', stored: 7, refused: 43 }]);

          await forget();
          const threeLargest = { unknown_daily: 1_000, unknown_daily_bytes: 340_000 };
          const large = await Promise.all(
            Array.from({ length: 50 }, () => store(largestCallRow(), threeLargest)),
          );
          expect(large.filter((answer) => answer.stored === true)).toHaveLength(3);
          const [day] = await counted();
          expect(day).toMatchObject({ stored: 3, refused: 47 });
          expect(day!.stored_bytes).toBeLessThanOrEqual(340_000);

          // The site's own reports, 50 at once beside 50 strangers': each of ours stored once.
          await forget();
          const ours = Array.from({ length: 50 }, () => callRow());
          for (const row of ours) await siteWebCall(requests, row.vapi_call_id!);
          const mixed = await Promise.all([
            ...ours.flatMap((row) => [store(row), store(row)]),
            ...Array.from({ length: 50 }, () => store(callRow())),
          ]);
          expect(mixed.filter((answer) => answer.stored === true)).toHaveLength(50);
          expect(await storedIds(ours.map((row) => row.vapi_call_id!))).toHaveLength(50);
          expect(await counted()).toMatchObject([{ kind: 'webCall', stored: 0, refused: 50 }]);
        },
        60_000,
      );
    },
  );
});
