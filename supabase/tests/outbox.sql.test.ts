/**
 * The webhook's outbox for call reports and budget alerts at the SQL level: a report stored by
 * demo_call_store (vapi-events' own rows of the shared fixtures) has its delivery written in the
 * same transaction, once; a budget's first refusal of a day has one, its repeats none; a claim
 * and `due` give each with the data its payload is built from (a callback's speed to lead as the
 * lead card reads it); a delivery has exactly one subject; `due` deletes what was settled over
 * 30 days ago, a bounded batch a run, and a row's bytes on disk are bounded. Leads, the schedule
 * and workers at once: lead-guards.sql.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { budgetSpentWebhook } from '../functions/_shared/contracts/budget';
import { callReportWebhook } from '../functions/_shared/contracts/call-report';
import { MAX_CALL_SECONDS as CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import type { ClaimedDelivery } from '../functions/_shared/outbox';
import { endOfCallReport, queuedCall, queuedWebCall } from '../functions/_shared/vapi/fixtures';
import type { VapiCall } from '../functions/_shared/vapi/types';
import { reportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteCallback, siteWebCall } from './site-calls';

/** VAPI_MAX_CALL_SECONDS as the functions read it when unset. */
const MAX_CALL_SECONDS = CALL_SECONDS.fallback;

/** vapi-events' row of the end-of-call report of Vapi's call `call` (the shared fixture). */
const callReport = (call: VapiCall) =>
  reportRow(
    endOfCallReport(call, new Date('2026-11-25T10:00:00.000Z')).message as unknown as Record<
      string,
      unknown
    >,
    MAX_CALL_SECONDS,
  );

/** The report of a web call the site started, Vapi's call `vapiId`. */
const webCallReport = (vapiId: string) =>
  callReport(
    queuedWebCall(
      { assistantId: 'a', assistantOverrides: { metadata: { visit_id: crypto.randomUUID() } } },
      { id: vapiId, orgId: 'org' },
    ),
  );

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'the outbox of reports and alerts, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const delivery = (request: object) => rpc(requests, 'lead_delivery', request);
      const deliveries = async (where: string, params: unknown[]) =>
        (
          await db.query<{ id: string; report_id: string | null; alert_feature: string | null }>(
            `select id, report_id, alert_feature from private.webhook_deliveries where ${where}`,
            params,
          )
        ).rows;
      /** Every delivery due now (the press never came), then taken by one worker. */
      const takeDue = async () => {
        await db.query(
          "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where delivered_at is null",
        );
        return (await delivery({ action: 'due', limit: 100 })).deliveries as ClaimedDelivery[];
      };

      it('writes a stored report’s delivery in the transaction that stores it, once', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        await siteWebCall(requests, vapiId);
        const row = webCallReport(vapiId);
        // Stored, then rolled back: its delivery was there with it, and goes with it.
        await expect(
          db.transaction(async (tx) => {
            await tx.query('select public.demo_call_store($1::jsonb)', [JSON.stringify(row)]);
            const within = await tx.query<{ id: string; report_id: string }>(
              'select id, report_id from private.webhook_deliveries where report_id = $1',
              [vapiId],
            );
            expect(within.rows).toEqual([{ id: `call_report:${vapiId}`, report_id: vapiId }]);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(await deliveries('report_id = $1', [vapiId])).toEqual([]);

        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
        // Vapi sends it again: acknowledged, no second delivery.
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: false });
        expect(await deliveries('report_id = $1', [vapiId])).toEqual([
          { id: `call_report:${vapiId}`, report_id: vapiId, alert_feature: null },
        ]);
        // The press of vapi-events claims it at once, and it is posted once.
        expect(
          await delivery({ id: `call_report:${vapiId}`, action: 'claim', lease_seconds: 30 }),
        ).toMatchObject({ state: 'claimed', attempt: 0, report: { vapi_call_id: vapiId } });
        await delivery({ id: `call_report:${vapiId}`, action: 'done' });
        expect(await delivery({ id: `call_report:${vapiId}`, action: 'claim' })).toEqual({
          state: 'delivered',
        });
      });

      it('writes the delivery of a stranger’s report stored within the allowance, none past it', async () => {
        const kept = `vapi-${crypto.randomUUID()}`;
        const limits = { unknown_daily: 1, unknown_daily_bytes: 5_000_000 };
        await db.query('delete from private.unknown_reports');
        expect(await rpc(requests, 'demo_call_store', { ...webCallReport(kept), limits })).toEqual({
          stored: true,
        });
        const refused = `vapi-${crypto.randomUUID()}`;
        expect(
          await rpc(requests, 'demo_call_store', { ...webCallReport(refused), limits }),
        ).toMatchObject({ stored: false, refused: true });
        expect(await deliveries('report_id = any($1)', [[kept, refused]])).toEqual([
          { id: `call_report:${kept}`, report_id: kept, alert_feature: null },
        ]);
      });

      it('stores a report whose id cannot be a webhook-id, with no delivery', async () => {
        // Vapi's ids are UUIDs; anyone holding the Vapi secret can send another.
        const vapiId = `vapi ${crypto.randomUUID()}.x`;
        await siteWebCall(requests, vapiId);
        expect(await rpc(requests, 'demo_call_store', webCallReport(vapiId))).toEqual({
          stored: true,
        });
        expect(await deliveries('report_id = $1', [vapiId])).toEqual([]);
      });

      it('gives due reports and alerts with the data their payloads are built from', async () => {
        // A callback that rang 2.35 s after the press: the lead card reads 2.4.
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const callbackId = await siteCallback(requests, vapiId);
        await db.query(
          `update public.callback_requests
              set requested_at = now(), ringing_at = now() + interval '2350 milliseconds',
                  pressed_ms = 0
            where id = $1`,
          [callbackId],
        );
        const row = callReport(
          queuedCall(
            {
              assistantId: 'a',
              customer: { number: '+14155552671' },
              assistantOverrides: { metadata: { callback_id: callbackId } },
            },
            { id: vapiId, orgId: 'org' },
          ),
        );
        expect(row.callback_id).toBe(callbackId);
        expect(await rpc(requests, 'demo_call_store', row)).toMatchObject({ stored: true });
        await db.query("delete from private.budget_alerts where feature = 'phone'");
        const spent = await rpc(requests, 'budget_spent', {
          feature: 'phone',
          budget: 50,
          retry_after: 3600,
        });
        expect(spent.first).toBe(true);

        const due = await takeDue();
        const report = due.find((taken) => taken.id === `call_report:${vapiId}`);
        const alert = due.find((taken) => taken.id === `budget_spent:phone:${String(spent.day)}`);
        expect(report).toMatchObject({
          state: 'claimed',
          attempt: 1,
          claim: expect.any(String) as string,
          report: {
            vapi_call_id: vapiId,
            kind: 'outboundPhoneCall',
            summary: row.summary,
            structured_data: row.structured_data,
            transcript: row.transcript,
            callback_id: callbackId,
            ringing_after_seconds: 2.4,
          },
        });
        expect(Object.keys(report!).sort()).toEqual(['attempt', 'claim', 'id', 'report', 'state']);
        // Its payload is the one vapi-events would build from its row, and the lead card's.
        const payload = callReportWebhook(
          (report as Extract<ClaimedDelivery, { report: unknown }>).report,
        );
        expect(payload).toEqual(
          callReportWebhook({ ...row, vapi_call_id: vapiId, ringing_after_seconds: 2.4 }),
        );
        const read = await rpc(requests, 'call_report_read', {
          id: callbackId,
          readable_seconds: 3600,
        });
        expect(callReportWebhook((read as { report: never }).report)).toEqual(payload);

        expect(alert).toEqual({
          state: 'claimed',
          id: `budget_spent:phone:${String(spent.day)}`,
          claim: expect.any(String) as string,
          attempt: 1,
          alert: { feature: 'phone', budget: 50, resets_at: spent.resets_at },
        });
        expect(
          budgetSpentWebhook((alert as Extract<ClaimedDelivery, { alert: unknown }>).alert),
        ).toEqual({
          type: 'budget_spent',
          feature: 'phone',
          limit: 50,
          resets_at: spent.resets_at,
        });
      });

      it('rounds a callback’s speed to lead to the tenth, as the lead card reads it', async () => {
        for (const [ms, seconds] of [
          [2349, 2.3],
          [2350, 2.4],
          [0, 0],
          [61_000, 61],
        ] as const) {
          const vapiId = `vapi-${crypto.randomUUID()}`;
          const callbackId = await siteCallback(requests, vapiId);
          await db.query(
            `update public.callback_requests
                set requested_at = now(), ringing_at = now() + make_interval(secs => $2 / 1000.0),
                    pressed_ms = 0
              where id = $1`,
            [callbackId, ms],
          );
          const row = callReport(
            queuedCall(
              { assistantId: 'a', assistantOverrides: { metadata: { callback_id: callbackId } } },
              { id: vapiId, orgId: 'org' },
            ),
          );
          await rpc(requests, 'demo_call_store', row);
          const claimed = await delivery({ id: `call_report:${vapiId}`, action: 'claim' });
          expect((claimed.report as { ringing_after_seconds: unknown }).ringing_after_seconds).toBe(
            seconds,
          );
        }
      });

      it('holds exactly one subject a delivery, and an alert whole', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        await siteWebCall(requests, vapiId);
        await rpc(requests, 'demo_call_store', webCallReport(vapiId));
        for (const [what, columns, values] of [
          ['none', '', ''],
          ['two', ', report_id, alert_feature, alert_day', ", $2, 'chat', current_date"],
          ['a feature without its day', ', alert_feature', ", 'chat'"],
        ] as const) {
          await expect(
            db.query(
              `insert into private.webhook_deliveries (id${columns}) values ($1${values})`,
              values.includes('$2') ? [`test-${what.length}`, vapiId] : [`test-${what.length}`],
            ),
            what,
          ).rejects.toMatchObject({ code: '23514' });
        }
      });

      it('deletes deliveries settled over 30 days ago, at most 500 a run, and keeps the rest', async () => {
        // Call reports stored by hand (the owner's dashboard): each trigger writes a delivery.
        const prefix = `prune-${crypto.randomUUID()}`;
        await db.query(
          `insert into public.demo_calls (vapi_call_id, kind)
           select $1 || '-' || n, 'webChat' from generate_series(1, 540) n`,
          [prefix],
        );
        const set = (ids: string, columns: string) =>
          db.query(
            `update private.webhook_deliveries set ${columns}
              where report_id = any(array(select $1 || '-' || n from generate_series(${ids}) n))`,
            [prefix],
          );
        // Settled over 30 days ago: 520 delivered, 10 failed.
        await set('1, 520', "delivered_at = now() - interval '30 days 1 minute'");
        await set('521, 530', "failed_at = now() - interval '31 days', last_error = 'HTTP 500'");
        // Kept: settled within 30 days, and undelivered however old (not due: not taken).
        await set('531, 532', "delivered_at = now() - interval '29 days 23 hours'");
        await set('533, 534', "failed_at = now() - interval '29 days 23 hours'");
        await set(
          '535, 540',
          "created_at = now() - interval '60 days', next_attempt_at = now() + interval '1 hour'",
        );
        const left = async () =>
          (
            await db.query<{ n: number }>(
              `select n from (select substr(report_id, length($1) + 2)::int as n
                                from private.webhook_deliveries where report_id like $1 || '-%') t
                order by n`,
              [prefix],
            )
          ).rows.map((row) => row.n);
        const range = (from: number, to: number) =>
          Array.from({ length: to - from + 1 }, (_, i) => from + i);

        await delivery({ action: 'due', limit: 100 });
        const afterOne = await left();
        expect(afterOne).toHaveLength(540 - 500);
        expect(afterOne).toEqual(expect.arrayContaining(range(531, 540)));
        await delivery({ action: 'due', limit: 100 });
        expect(await left()).toEqual(range(531, 540));
        // The reports themselves stay.
        const reports = await db.query<{ n: number }>(
          "select count(*)::int as n from public.demo_calls where vapi_call_id like $1 || '-%'",
          [prefix],
        );
        expect(reports.rows[0]?.n).toBe(540);
      });

      it('keeps an outbox row, the longest id with its index entries, within 1 KB on disk', async () => {
        // The longest id a delivery has: a report's, `call_report:` and a 100-character Vapi id;
        // random, as is the longest error, so nothing compresses. Failed, so every column is set.
        const junk = (length: number) =>
          Array.from(
            { length },
            () =>
              'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'[
                Math.floor(Math.random() * 64)
              ],
          ).join('');
        const rows = Array.from({ length: 1_000 }, () => ({
          vapi: junk(100),
          error: junk(200),
        }));
        const size = async () =>
          Number(
            (
              await db.query<{ bytes: string }>(
                "select pg_total_relation_size('private.webhook_deliveries') as bytes",
              )
            ).rows[0]?.bytes,
          );
        await db.transaction(async (tx) => {
          // The reports without their own deliveries: the rows measured are written below.
          await tx.query(
            'alter table public.demo_calls disable trigger demo_calls_enqueue_delivery',
          );
          for (const row of rows)
            await tx.query(
              "insert into public.demo_calls (vapi_call_id, kind) values ($1, 'webCall')",
              [row.vapi],
            );
          await tx.query(
            'alter table public.demo_calls enable trigger demo_calls_enqueue_delivery',
          );
        });
        const before = await size();
        for (const row of rows)
          await db.query(
            `insert into private.webhook_deliveries
               (id, report_id, attempts, next_attempt_at, failed_at, last_error)
             values ('call_report:' || $1, $1, 10, now(), now(), $2)`,
            [row.vapi, row.error],
          );
        const perRow = ((await size()) - before) / rows.length;
        console.log(`outbox: the largest delivery takes ${Math.round(perRow)} bytes on disk`);
        // The bound docs/security.md states.
        expect(perRow).toBeLessThanOrEqual(1024);
      });

      it('lets the public keys neither claim nor read a delivery', async () => {
        for (const role of ['anon', 'authenticated'] as const)
          await expect(
            rpc(requests, 'lead_delivery', { action: 'due', limit: 100 }, role),
          ).rejects.toThrow(/permission denied/);
      });
    },
  );
});
