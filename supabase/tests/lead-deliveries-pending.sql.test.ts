/**
 * public.lead_deliveries_pending, what `npm run check:live` reads of the lead outbox: every lead
 * stored and not delivered counted, failed and overdue told apart, the ids listed up to 50, and
 * check:live's requeue statement giving a failed lead a new schedule. service_role only.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import type { ApiRole } from '../../server/postgres/request-role';
import { nextAddress, randomLead } from '../../server/tests/helpers';
import { REQUEUE_FAILED_LEADS } from '../../scripts/lib/live-checks';
import { databaseFor, ENGINES, rpc } from './engines';

interface Pending {
  count: number;
  failed: number;
  overdue: number;
  grace_seconds: number;
  leads: {
    id: string;
    created_at: string;
    attempts: number;
    failed: boolean;
    overdue: boolean;
    next_attempt_at: string;
    last_error: string | null;
  }[];
}

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'the leads not delivered, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const pending = (request: object = {}, role?: ApiRole) =>
        rpc(requests, 'lead_deliveries_pending', request, role) as unknown as Promise<Pending>;
      const delivery = (request: object) => rpc(requests, 'lead_delivery', request);
      /** A lead as submit-lead stores it, with its delivery. */
      async function store(): Promise<string> {
        const lead = randomLead();
        const stored = await rpc(requests, 'lead_submit', {
          client_address: nextAddress(),
          lead,
          bot_checked: false,
        });
        expect(stored).toEqual({ outcome: 'stored' });
        return lead.id as string;
      }
      const deliverAll = () =>
        db.query(
          'update private.webhook_deliveries set delivered_at = now() where delivered_at is null',
        );
      const setDue = (id: string, ago: string) =>
        db.query(
          'update private.webhook_deliveries set next_attempt_at = now() - $2::interval where id = $1',
          [id, ago],
        );

      it('counts a fresh lead as waiting, and a delivered one not at all', async () => {
        await deliverAll();
        expect(await pending()).toEqual({
          count: 0,
          failed: 0,
          overdue: 0,
          grace_seconds: 120,
          leads: [],
        });
        const id = await store();
        const answer = await pending();
        expect(answer).toMatchObject({ count: 1, failed: 0, overdue: 0 });
        expect(answer.leads).toEqual([
          {
            id,
            created_at: expect.any(String) as string,
            attempts: 0,
            failed: false,
            overdue: false,
            next_attempt_at: expect.any(String) as string,
            last_error: null,
          },
        ]);
        const claimed = await delivery({ id, action: 'claim' });
        expect(claimed).toMatchObject({ state: 'claimed' });
        expect((await pending()).leads.map((lead) => lead.id)).toEqual([id]);
        await delivery({ id, action: 'done' });
        expect(await pending()).toMatchObject({ count: 0, leads: [] });
      });

      it('names a lead due for longer than the grace overdue, and one within it not', async () => {
        await deliverAll();
        const id = await store();
        await setDue(id, '100 seconds');
        expect((await pending()).leads[0]).toMatchObject({ id, overdue: false });
        await setDue(id, '130 seconds');
        expect(await pending()).toMatchObject({
          count: 1,
          overdue: 1,
          leads: [{ id, overdue: true, failed: false }],
        });
        // Taken by a worker (its claim in force): not overdue.
        const due = (await delivery({ action: 'due', limit: 100 })) as {
          deliveries: { id: string }[];
        };
        expect(due.deliveries.map((taken) => taken.id)).toContain(id);
        expect(await pending()).toMatchObject({ overdue: 0, leads: [{ id, overdue: false }] });
      });

      it("marks a lead failed after the schedule's last attempt; check:live's requeue gives it a new schedule", async () => {
        await deliverAll();
        const waiting = await store();
        const id = await store();
        // Nine attempts made; the tenth, the last, refused.
        await db.query('update private.webhook_deliveries set attempts = 9 where id = $1', [id]);
        await setDue(id, '1 second');
        const due = (await delivery({ action: 'due', limit: 100 })) as {
          deliveries: { id: string; claim: string; attempt: number }[];
        };
        const taken = due.deliveries.find((entry) => entry.id === id)!;
        expect(taken.attempt).toBe(10);
        await delivery({ id, action: 'release', claim: taken.claim, error: 'HTTP 500' });
        const answer = await pending();
        expect(answer).toMatchObject({ count: 2, failed: 1, overdue: 0 });
        // The failed first, whatever its age.
        expect(answer.leads).toMatchObject([
          { id, failed: true, overdue: false, attempts: 10, last_error: 'HTTP 500' },
          { id: waiting, failed: false },
        ]);
        // Failed stays failed: the worker does not take it, however long ago it fell due.
        await setDue(id, '1 day');
        expect(await pending()).toMatchObject({ failed: 1, overdue: 0 });

        await db.exec(REQUEUE_FAILED_LEADS);
        expect(await pending()).toMatchObject({ count: 2, failed: 0, overdue: 0 });
        const again = (await delivery({ action: 'due', limit: 100 })) as {
          deliveries: { id: string; claim: string; attempt: number }[];
        };
        const retaken = again.deliveries.find((entry) => entry.id === id)!;
        expect(retaken.attempt).toBe(1);
        // A refusal now waits the schedule's first step, not failed at once.
        await delivery({ id, action: 'release', claim: retaken.claim, error: 'HTTP 500' });
        expect((await pending()).leads.find((lead) => lead.id === id)).toMatchObject({
          failed: false,
          attempts: 1,
        });
        // The requeue touches neither a waiting lead nor a delivered one.
        await delivery({ id, action: 'done' });
        await db.exec(REQUEUE_FAILED_LEADS);
        expect((await pending()).leads.map((lead) => lead.id)).toEqual([waiting]);
      });

      it('counts every lead but lists at most 50, the limit asked for if fewer', async () => {
        await deliverAll();
        const id = await store();
        // More deliveries than it lists (the outbox's rows need a lead, not one each).
        await db.query(
          `insert into private.webhook_deliveries (id, lead_id)
           select 'bulk-' || n, $1::uuid from generate_series(1, 60) n`,
          [id],
        );
        try {
          const all = await pending({ limit: 1000 });
          expect(all.count).toBe(61);
          expect(all.leads).toHaveLength(50);
          expect(new Set(all.leads.map((lead) => lead.id)).size).toBe(50);
          expect((await pending()).leads).toHaveLength(50);
          // Those that need the owner are listed first, however new.
          await db.query(
            "update private.webhook_deliveries set failed_at = now() where id = 'bulk-60'",
          );
          await setDue('bulk-59', '1 hour');
          const two = await pending({ limit: 2 });
          expect(two).toMatchObject({ count: 61, failed: 1, overdue: 1 });
          expect(two.leads).toMatchObject([
            { id: 'bulk-60', failed: true },
            { id: 'bulk-59', overdue: true },
          ]);
        } finally {
          await db.query("delete from private.webhook_deliveries where id like 'bulk-%'");
        }
      });

      it('leaves out the rows of the outbox that are not leads (no lead_id)', async () => {
        await deliverAll();
        // A stored call report's delivery (its trigger writes it), overdue a day.
        await db.query(
          "insert into public.demo_calls (vapi_call_id, kind) values ('report-1', 'webCall')",
        );
        await setDue('call_report:report-1', '1 day');
        expect(await pending()).toMatchObject({ count: 0, leads: [] });
      });

      it('refuses anon and authenticated, which may not read the outbox either', async () => {
        for (const role of ['anon', 'authenticated'] as const)
          await expect(pending({}, role)).rejects.toMatchObject({ code: '42501' });
      });
    },
  );
});
