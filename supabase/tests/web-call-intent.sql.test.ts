/**
 * Reserved demo calls at the SQL level (web_call_reserve, web_call_press): a reservation
 * on intent, its press, its lapse, the limits at both steps, and (on a real PostgreSQL server) 50
 * presses at once of one reservation, and presses at once of many, exact.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { asRequest, type ApiRole } from '../../server/postgres/request-role';
import { databaseFor, ENGINES, rpc } from './engines';
import { WEB_CALL_LIMITS } from '../functions/_shared/tests/services';

/** The limits the handler is given, passed on to the database's claim as they are. */
const LIMITS = WEB_CALL_LIMITS;

let serial = 0;
const nextAddress = () => {
  serial += 1;
  return `192.0.${Math.floor(serial / 250) % 250}.${serial % 250}`;
};
const claimRequest = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  client_address: nextAddress(),
  address_source: 'x-forwarded-for',
  visit_id: crypto.randomUUID(),
  max_seconds: 180,
  limits: LIMITS,
  ...extra,
});

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'reserved web calls, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object, role?: ApiRole) =>
        rpc(requests, name, request, role);
      const reserve = (request: object) =>
        call('web_call_reserve', { ...request, hold_seconds: 60 });
      const press = (request: object) => call('web_call_press', request);
      const claim = (request: object) => call('web_call_claim', request);
      const forget = () =>
        db.exec(
          'delete from public.web_calls; delete from public.web_call_reservations; delete from public.demo_calls',
        );
      /** Every reservation (or this id's) lapses: as if its minute had passed. */
      const lapse = (id?: string) =>
        db.query(
          `update public.web_call_reservations set expires_at = now() - interval '1 second'${id ? ' where id = $1' : ''}`,
          id ? [id] : [],
        );
      const rows = async (table: string) =>
        Number(
          (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!
            .n,
        );

      it('reserve then press makes one call; the press again is a retry of it', async () => {
        await forget();
        const request = claimRequest();
        expect(await reserve(request)).toEqual({ outcome: 'reserved', expires_in_seconds: 60 });
        // Reserving again while it is live answers the same reservation, no second row.
        expect(await reserve(request)).toMatchObject({ outcome: 'reserved' });
        expect(await rows('web_call_reservations')).toBe(1);
        expect(await rows('web_calls')).toBe(0);
        expect(await press(request)).toEqual({ outcome: 'call' });
        expect(await rows('web_call_reservations')).toBe(0);
        const [made] = (
          await db.query<{ id: string; status: string; visit_id: string; address_source: string }>(
            'select id, status, visit_id, address_source from public.web_calls',
          )
        ).rows;
        expect(made).toEqual({
          id: request.id,
          status: 'pending',
          visit_id: request.visit_id,
          address_source: 'x-forwarded-for',
        });
        expect(await press(request)).toEqual({
          outcome: 'existing',
          status: 'pending',
          web_call: null,
        });
        // A call's id cannot be reserved again.
        expect(await reserve(request)).toEqual({ outcome: 'conflict' });
        expect(await rows('web_calls')).toBe(1);
      });

      it('a press with no live reservation from this client is refused and writes nothing', async () => {
        await forget();
        const never = claimRequest();
        expect(await press(never)).toEqual({ outcome: 'unreserved' });
        // Another client's reservation is not this client's.
        const theirs = claimRequest();
        expect(await reserve(theirs)).toMatchObject({ outcome: 'reserved' });
        expect(await press({ ...theirs, client_address: nextAddress() })).toEqual({
          outcome: 'unreserved',
        });
        expect(await reserve({ ...theirs, client_address: nextAddress() })).toEqual({
          outcome: 'conflict',
        });
        // Lapsed: refused, and nothing written (the reservation stays until the next one).
        const lapsed = claimRequest();
        expect(await reserve(lapsed)).toMatchObject({ outcome: 'reserved' });
        await lapse(lapsed.id);
        expect(await press(lapsed)).toEqual({ outcome: 'unreserved' });
        expect(await rows('web_calls')).toBe(0);
        expect(await rows('web_call_reservations')).toBe(2);
        // The one-request form of that id still works as before.
        expect(await claim(lapsed)).toEqual({ outcome: 'call' });
      });

      it('lapsed reservations count in no limit and are cleared by the next one', async () => {
        await forget();
        // Three at once and one call a day: five live reservations hold no call's place.
        const limits = { ...LIMITS, per_day: 1 };
        const held = Array.from({ length: 5 }, () => claimRequest({ limits }));
        for (const request of held)
          expect(await reserve(request)).toMatchObject({ outcome: 'reserved' });
        // From one address: its three tries, then the address is limited while they live.
        const address = '203.0.113.77';
        for (let i = 0; i < 3; i += 1) {
          expect(await reserve(claimRequest({ client_address: address, limits }))).toMatchObject({
            outcome: 'reserved',
          });
        }
        const refused = await reserve(claimRequest({ client_address: address, limits }));
        expect(refused).toMatchObject({ outcome: 'limited', limit: 'address' });
        expect(refused.retry_after).toBeLessThanOrEqual(60);
        // The one-request form does not count reservations as tries.
        expect(await claim(claimRequest({ client_address: address, limits }))).toEqual({
          outcome: 'call',
        });
        await forget();
        for (const request of held) await reserve(request);
        await lapse();
        expect(await rows('web_call_reservations')).toBe(5);
        // Lapsed: the address has its tries again, the day its call, and the table is cleared.
        const fresh = claimRequest({ client_address: address, limits });
        const other = claimRequest({ limits });
        expect(await reserve(fresh)).toMatchObject({ outcome: 'reserved' });
        expect(await reserve(other)).toMatchObject({ outcome: 'reserved' });
        expect(await rows('web_call_reservations')).toBe(2);
        for (const request of held) expect(await press(request)).toEqual({ outcome: 'unreserved' });
        expect(await press(fresh)).toEqual({ outcome: 'call' });
        // The day's one call is spent: the press of one reserved before is refused, and so is
        // a reservation now.
        expect(await press(other)).toMatchObject({ outcome: 'limited', limit: 'day' });
        expect(await reserve(claimRequest({ limits }))).toMatchObject({
          outcome: 'limited',
          limit: 'day',
        });
        expect(await rows('web_calls')).toBe(1);
      });

      it('checks every limit at the press too: a reservation holds no place', async () => {
        await forget();
        const early = [claimRequest(), claimRequest(), claimRequest(), claimRequest()];
        for (const request of early)
          expect(await reserve(request)).toMatchObject({ outcome: 'reserved' });
        for (const request of early.slice(0, 3))
          expect(await press(request)).toEqual({ outcome: 'call' });
        // Three calls at once: the fourth reservation's press is refused, and nothing written.
        const busy = await press(early[3]!);
        expect(busy).toMatchObject({ outcome: 'limited', limit: 'concurrent' });
        expect(await reserve(claimRequest())).toMatchObject({ limit: 'concurrent' });
        expect(await rows('web_calls')).toBe(3);
        // The press counts the address's other live reservations and its calls: three in all.
        await forget();
        const address = '203.0.113.78';
        const mine = Array.from({ length: 3 }, () => claimRequest({ client_address: address }));
        for (const request of mine) await reserve(request);
        for (const request of mine) expect(await press(request)).toEqual({ outcome: 'call' });
        expect(await reserve(claimRequest({ client_address: address }))).toMatchObject({
          limit: 'address',
        });
        // The minutes: 10 a day of 180 s calls is three calls, reserved or not.
        await forget();
        const limits = { ...LIMITS, minutes_per_day: 10, concurrent: 100 };
        const four = Array.from({ length: 4 }, () => claimRequest({ limits }));
        for (const request of four) await reserve(request);
        for (const request of four.slice(0, 3))
          expect(await press(request)).toEqual({ outcome: 'call' });
        expect(await press(four[3]!)).toMatchObject({ outcome: 'limited', limit: 'minutes' });
      });

      it.runIf(engine.concurrent)(
        'one reservation pressed 50 times at once makes one call; many, exactly the limit',
        async () => {
          await forget();
          const request = claimRequest();
          await reserve(request);
          const answers = await Promise.all(Array.from({ length: 50 }, () => press(request)));
          expect(answers.filter((answer) => answer.outcome === 'call')).toHaveLength(1);
          expect(answers.every((a) => a.outcome === 'call' || a.outcome === 'existing')).toBe(true);
          expect(await rows('web_calls')).toBe(1);
          // 50 reservations pressed at once: the three calls at once, exactly.
          await forget();
          const many = Array.from({ length: 50 }, () => claimRequest());
          for (const each of many) await reserve(each);
          const pressed = await Promise.all(many.map((each) => press(each)));
          expect(pressed.filter((answer) => answer.outcome === 'call')).toHaveLength(3);
          // 50 reservations at once from one address: its three tries.
          await forget();
          const reserved = await Promise.all(
            Array.from({ length: 50 }, () =>
              reserve(claimRequest({ client_address: '203.0.113.79' })),
            ),
          );
          expect(reserved.filter((answer) => answer.outcome === 'reserved')).toHaveLength(3);
        },
        60_000,
      );

      it('gives the public keys no way in', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          for (const name of ['web_call_reserve', 'web_call_press']) {
            await expect(call(name, claimRequest(), role)).rejects.toThrow(/permission denied/);
          }
          await expect(
            asRequest(
              requests,
              { method: 'GET', path: '/web_call_reservations', headers: {}, role },
              (tx) => tx.query('select * from public.web_call_reservations'),
            ),
          ).rejects.toThrow(/permission denied/);
        }
      });
    },
  );
});
