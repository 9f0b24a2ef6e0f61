/**
 * A callback's steps at the SQL level: vapi-events
 * records Vapi's status-updates (callback_status_record: the first of each step only, its time
 * clamped to the request's span), the visitor's page reads them as ms from its press
 * (call_report_read's `steps`, waiting and ready), and the owner's figure, ringing_after_ms,
 * comes back from demo_call_store (for the webhook) and in the ready report
 * (ringing_after_seconds); the grants. The rows' requested_at and pressed_ms are set here as
 * request-callback sets them (callback_claim).
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { REPORT_READABLE_SECONDS } from '../functions/_shared/contracts/report-read';
import { endOfCallReport, queuedCall } from '../functions/_shared/vapi/fixtures';
import { MAX_CALL_SECONDS as CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import { reportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteCallback, siteWebCall } from './site-calls';

/** VAPI_MAX_CALL_SECONDS as the functions read it when unset. */
const MAX_CALL_SECONDS = CALL_SECONDS.fallback;

const NO_STEPS = { queued_ms: null, ringing_ms: null, answered_ms: null, ended: false };

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'callback steps, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const record = (request: object) => rpc(requests, 'callback_status_record', request);
      const read = (id: string) =>
        rpc(requests, 'call_report_read', { id, readable_seconds: REPORT_READABLE_SECONDS });

      /**
       * A placed callback (Vapi's call `vapiId`) whose request reached the function `secondsAgo`
       * seconds ago (to the millisecond, as a message's timestamp is), `pressedMs` after the
       * press: its id and requested_at in epoch ms.
       */
      async function placed(vapiId: string | null, secondsAgo = 10, pressedMs: number | null = 0) {
        const id = await siteCallback(requests, vapiId);
        const set = await db.query<{ requested: number }>(
          `update public.callback_requests
              set requested_at = date_trunc('milliseconds', now()) - make_interval(secs => $2),
                  pressed_ms = $3
            where id = $1
           returning (extract(epoch from requested_at) * 1000)::float8 as requested`,
          [id, secondsAgo, pressedMs],
        );
        return { id, requested: set.rows[0]!.requested };
      }
      /** The row's steps, each as epoch ms (null when not set), and ringing_after_ms. */
      const stepsOf = async (id: string) =>
        (
          await db.query<Record<string, number | null>>(
            `select (extract(epoch from queued_at) * 1000)::float8 as queued,
                    (extract(epoch from ringing_at) * 1000)::float8 as ringing,
                    (extract(epoch from answered_at) * 1000)::float8 as answered,
                    (extract(epoch from vapi_ended_at) * 1000)::float8 as ended,
                    ringing_after_ms
               from public.callback_requests where id = $1`,
            [id],
          )
        ).rows[0]!;
      const iso = (ms: number) => new Date(ms).toISOString();

      it('records each step the first time only, at the message’s time', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const { id, requested } = await placed(vapiId);
        const steps = [
          ['queued', 'queued', 150],
          ['ringing', 'ringing', 2_400],
          ['in-progress', 'answered', 7_000],
          ['ended', 'ended', 9_000],
        ] as const;
        for (const [status, , after] of steps)
          expect(
            await record({ vapi_call_id: vapiId, status, at: iso(requested + after) }),
          ).toEqual({ known: true });
        const first = await stepsOf(id);
        for (const [, column, after] of steps) expect(first[column]).toBe(requested + after);
        expect(first.ringing_after_ms).toBe(2_400);

        // Vapi's retries, and later messages of a step, change nothing.
        for (const [status, , after] of steps)
          expect(
            await record({ vapi_call_id: vapiId, status, at: iso(requested + after + 500) }),
          ).toEqual({ known: true });
        expect(await stepsOf(id)).toEqual(first);
        // A status that is no step changes nothing either.
        await record({ vapi_call_id: vapiId, status: 'forwarding', at: iso(requested + 100) });
        expect(await stepsOf(id)).toEqual(first);
      });

      it('clamps a step to the request’s span: never before the request, never in the future', async () => {
        const early = `vapi-${crypto.randomUUID()}`;
        const { id: earlyId, requested } = await placed(early);
        // Vapi's clock a minute behind ours: the ring at the request itself.
        await record({ vapi_call_id: early, status: 'ringing', at: iso(requested - 60_000) });
        expect((await stepsOf(earlyId)).ringing).toBe(requested);
        expect((await stepsOf(earlyId)).ringing_after_ms).toBe(0);

        const late = `vapi-${crypto.randomUUID()}`;
        const { id: lateId } = await placed(late);
        const before = Date.now();
        // Vapi's clock an hour ahead: the ring at the database's now.
        await record({ vapi_call_id: late, status: 'ringing', at: iso(Date.now() + 3_600_000) });
        const ringing = (await stepsOf(lateId)).ringing!;
        const after = Date.now();
        // Within the test's own span (the two clocks are this machine's; 5 ms for rounding).
        expect(ringing).toBeGreaterThanOrEqual(before - 5);
        expect(ringing).toBeLessThanOrEqual(after + 5);

        // No time in the message: the database's now.
        const untimed = `vapi-${crypto.randomUUID()}`;
        const { id: untimedId } = await placed(untimed);
        const start = Date.now();
        await record({ vapi_call_id: untimed, status: 'queued', at: null });
        const queued = (await stepsOf(untimedId)).queued!;
        expect(queued).toBeGreaterThanOrEqual(start - 5);
        expect(queued).toBeLessThanOrEqual(Date.now() + 5);
      });

      it('a call the site did not place is unknown; a callback whose call id is not yet recorded is found by its id', async () => {
        expect(
          await record({
            vapi_call_id: `vapi-${crypto.randomUUID()}`,
            status: 'ringing',
            at: null,
          }),
        ).toEqual({ known: false });
        expect(
          await record({
            vapi_call_id: `vapi-${crypto.randomUUID()}`,
            status: 'ringing',
            at: null,
            callback_id: crypto.randomUUID(),
          }),
        ).toEqual({ known: false });

        // Vapi's queued status before request-callback recorded Vapi's answer.
        const { id, requested } = await placed(null);
        const vapiId = `vapi-${crypto.randomUUID()}`;
        expect(
          await record({
            vapi_call_id: vapiId,
            status: 'queued',
            at: iso(requested + 80),
            callback_id: id,
          }),
        ).toEqual({ known: true });
        expect((await stepsOf(id)).queued).toBe(requested + 80);

        // Once a call id is recorded, another call's message naming this callback is unknown.
        await rpc(requests, 'callback_record', { id, status: 'calling', vapi_call_id: vapiId });
        expect(
          await record({
            vapi_call_id: `vapi-${crypto.randomUUID()}`,
            status: 'ringing',
            at: iso(requested + 900),
            callback_id: id,
          }),
        ).toEqual({ known: false });
        expect((await stepsOf(id)).ringing).toBeNull();
      });

      it('the page reads the steps as ms from its press, waiting and ready; the owner’s figure in the store’s answer and the report', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const { id, requested } = await placed(vapiId, 20, 1_250);
        expect(await read(id)).toEqual({ status: 'waiting', steps: NO_STEPS });
        // No ring yet: no figure (not 0).
        expect((await stepsOf(id)).ringing_after_ms).toBeNull();

        await record({ vapi_call_id: vapiId, status: 'queued', at: iso(requested + 300) });
        await record({ vapi_call_id: vapiId, status: 'ringing', at: iso(requested + 2_049) });
        expect(await read(id)).toEqual({
          status: 'waiting',
          steps: { ...NO_STEPS, queued_ms: 1_550, ringing_ms: 3_299 },
        });
        expect((await stepsOf(id)).ringing_after_ms).toBe(3_299);
        await record({ vapi_call_id: vapiId, status: 'in-progress', at: iso(requested + 6_000) });
        await record({ vapi_call_id: vapiId, status: 'ended', at: iso(requested + 15_000) });
        const steps = { queued_ms: 1_550, ringing_ms: 3_299, answered_ms: 7_250, ended: true };
        expect(await read(id)).toEqual({ status: 'waiting', steps });

        // The report: demo_call_store answers the ring for the webhook, the read gives it too.
        const row = reportRow(
          endOfCallReport(
            queuedCall(
              {
                assistantId: 'a',
                customer: { number: '+14155552671' },
                assistantOverrides: { metadata: { callback_id: id } },
              },
              { id: vapiId, orgId: 'org' },
            ),
            new Date(),
          ).message as unknown as Record<string, unknown>,
          MAX_CALL_SECONDS,
        );
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({
          stored: true,
          ringing_after_ms: 3_299,
        });
        // A retry stores nothing and names no ring.
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: false });
        const ready = await read(id);
        expect(ready.status).toBe('ready');
        expect(ready.steps).toEqual(steps);
        expect((ready.report as Record<string, unknown>).ringing_after_seconds).toBe(3.3);
      });

      it('a press not named counts from the request, a request not recorded from the row', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const { id, requested } = await placed(vapiId, 10, null);
        await record({ vapi_call_id: vapiId, status: 'ringing', at: iso(requested + 4_000) });
        expect((await read(id)).steps).toEqual({ ...NO_STEPS, ringing_ms: 4_000 });
        expect((await stepsOf(id)).ringing_after_ms).toBe(4_000);

        // No requested_at (a row from before the column): from created_at; the owner's figure
        // (by requested_at) stays null.
        const older = `vapi-${crypto.randomUUID()}`;
        const olderId = await siteCallback(requests, older);
        const created = (
          await db.query<{ created: number }>(
            `update public.callback_requests
                set created_at = date_trunc('milliseconds', now()) - interval '10 seconds'
              where id = $1
             returning (extract(epoch from created_at) * 1000)::float8 as created`,
            [olderId],
          )
        ).rows[0]!.created;
        await record({ vapi_call_id: older, status: 'ringing', at: iso(created + 2_500) });
        expect((await read(olderId)).steps).toEqual({ ...NO_STEPS, ringing_ms: 2_500 });
        expect((await stepsOf(olderId)).ringing_after_ms).toBeNull();
      });

      it('a web call has no steps and its report no ringing_after_seconds', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const id = await siteWebCall(requests, vapiId);
        expect(await read(id)).toEqual({ status: 'waiting' });
        expect(await record({ vapi_call_id: vapiId, status: 'ringing', at: null })).toEqual({
          known: false,
        });
        const row = reportRow(
          endOfCallReport(
            queuedCall(
              { assistantId: 'a', customer: { number: '+14155552671' } },
              { id: vapiId, orgId: 'org' },
            ),
            new Date(),
          ).message as unknown as Record<string, unknown>,
          MAX_CALL_SECONDS,
        );
        expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
        const ready = await read(id);
        expect(ready.steps).toBeUndefined();
        expect((ready.report as Record<string, unknown>).ringing_after_seconds).toBeNull();
      });

      it('gives the public keys no way in', async () => {
        const vapiId = `vapi-${crypto.randomUUID()}`;
        const { id } = await placed(vapiId);
        for (const role of ['anon', 'authenticated'] as const)
          await expect(
            rpc(
              requests,
              'callback_status_record',
              { vapi_call_id: vapiId, status: 'ringing', at: null },
              role,
            ),
          ).rejects.toThrow(/permission denied/);
        expect((await stepsOf(id)).ringing).toBeNull();
      });
    },
  );
});
