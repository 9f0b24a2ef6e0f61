/**
 * The budget alerts at the SQL level (public.budget_spent): the day's first
 * report of a spent budget is the only `first` (on a real server, under 20 reports at once), each
 * budget apart, and the only one written to the webhook's outbox; the grants; and one IPv6 /48
 * is one client's bucket.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import type { ApiRole } from '../../server/postgres/request-role';
import { databaseFor, ENGINES, rpc } from './engines';

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'budget alerts, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const spent = (request: object, role?: ApiRole) =>
        rpc(requests, 'budget_spent', request, role) as unknown as Promise<{
          first: boolean;
          day: string;
          resets_at: string;
        }>;
      /** The outbox's deliveries of budget alerts: id, feature and day. */
      const deliveries = async (feature: string) =>
        (
          await db.query<{ id: string; alert_feature: string; day: string }>(
            `select id, alert_feature, to_char(alert_day, 'YYYY-MM-DD') as day
               from private.webhook_deliveries where alert_feature = $1 order by alert_day`,
            [feature],
          )
        ).rows;
      /** The alert of `feature` as if made `days` earlier, its delivery with it. */
      const moveBack = async (feature: string, days: number) => {
        await db.query('update private.budget_alerts set day = day - $2::int where feature = $1', [
          feature,
          days,
        ]);
        await db.query(
          `update private.webhook_deliveries
              set id = 'budget_spent:' || alert_feature || ':' || to_char(alert_day, 'YYYY-MM-DD')
            where alert_feature = $1`,
          [feature],
        );
      };

      it('answers `first` once per budget and UTC day, with when it resets', async () => {
        await db.query('delete from private.budget_alerts');
        const before = Date.now();
        const calls = await spent({ feature: 'calls', budget: 100, retry_after: 3600 });
        expect(calls.first).toBe(true);
        expect(calls.day).toBe(new Date().toISOString().slice(0, 10));
        const resets = Date.parse(calls.resets_at);
        expect(resets).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
        expect(resets).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
        expect((await spent({ feature: 'calls', budget: 100, retry_after: 60 })).first).toBe(false);
        const counted = await db.query<{ refused: number }>(
          "select refused from private.budget_alerts where feature = 'calls'",
        );
        expect(counted.rows).toEqual([{ refused: 2 }]);
        // The first is written to the outbox with it, once: the repeat adds none.
        expect(await deliveries('calls')).toEqual([
          { id: `budget_spent:calls:${calls.day}`, alert_feature: 'calls', day: calls.day },
        ]);
        // Each budget apart.
        for (const feature of ['minutes', 'phone', 'chat']) {
          expect((await spent({ feature, budget: 5, retry_after: 60 })).first, feature).toBe(true);
          expect(await deliveries(feature), feature).toHaveLength(1);
        }
        // Yesterday's row does not count for today, and a month-old one is deleted.
        await moveBack('calls', 1);
        expect((await spent({ feature: 'calls', budget: 100, retry_after: 60 })).first).toBe(true);
        expect((await deliveries('calls')).map((delivery) => delivery.id)).toEqual([
          `budget_spent:calls:${new Date(Date.parse(calls.day) - 86_400_000).toISOString().slice(0, 10)}`,
          `budget_spent:calls:${calls.day}`,
        ]);
        await moveBack('chat', 40);
        await spent({ feature: 'phone', budget: 5, retry_after: 60 });
        const left = await db.query<{ n: number }>(
          "select count(*)::int as n from private.budget_alerts where feature = 'chat'",
        );
        expect(left.rows[0]?.n).toBe(0);
        // Its delivery with it.
        expect(await deliveries('chat')).toEqual([]);
      });

      it('refuses an unknown budget, and anon cannot call it', async () => {
        await expect(spent({ feature: 'everything', budget: 1, retry_after: 1 })).rejects.toThrow();
        await expect(
          spent({ feature: 'calls', budget: 1, retry_after: 1 }, 'anon'),
        ).rejects.toThrow(/permission denied/);
      });

      it('counts IPv6 per /48: every /64 of one home or office is one bucket', async () => {
        const bucket = async (address: string) =>
          (
            await db.query<{ bucket: string }>('select private.client_bucket($1) as bucket', [
              address,
            ])
          ).rows[0]?.bucket;
        expect(await bucket('2001:db8:5:1::1')).toBe('2001:db8:5::/48');
        expect(await bucket('2001:DB8:0005:ffff:ffff:ffff:ffff:ffff')).toBe('2001:db8:5::/48');
        expect(await bucket('2001:db8:6::1')).toBe('2001:db8:6::/48');
        expect(await bucket('::ffff:198.51.100.7')).toBe('198.51.100.7');
        expect(await bucket('198.51.100.7')).toBe('198.51.100.7');
      });

      if (engine.concurrent) {
        it('gives one `first` of 20 reports of one budget at once', async () => {
          await db.query('delete from private.budget_alerts');
          const answers = await Promise.all(
            Array.from({ length: 20 }, () =>
              spent({ feature: 'chat', budget: 500, retry_after: 60 }),
            ),
          );
          expect(answers.filter((answer) => answer.first)).toHaveLength(1);
          const counted = await db.query<{ refused: number }>(
            "select refused from private.budget_alerts where feature = 'chat'",
          );
          expect(counted.rows).toEqual([{ refused: 20 }]);
          expect(await deliveries('chat')).toHaveLength(1);
        });
      }
    },
  );
});
