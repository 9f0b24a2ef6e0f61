/**
 * The claims of server-started demo calls at the SQL level (web_call_claim, web_call_record):
 * each limit, one call per claim id, the report that ends a claim, the grants, and (on a real
 * PostgreSQL server) every limit exact under 50 requests at once.
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
  return `198.51.${Math.floor(serial / 250) % 250}.${serial % 250}`;
};
const claimRequest = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  client_address: nextAddress(),
  visit_id: crypto.randomUUID(),
  max_seconds: 180,
  limits: LIMITS,
  ...extra,
});

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'web call claims, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object, role?: ApiRole) =>
        rpc(requests, name, request, role);
      const claim = (request: object) => call('web_call_claim', request);
      /** Forgets every claim, so each test counts from zero. */
      const forgetClaims = () => db.query('delete from public.web_calls');
      /** Ends a claimed call as its end-of-call report does. */
      async function report(vapiCallId: string, seconds: number) {
        await call('demo_call_store', {
          vapi_call_id: vapiCallId,
          kind: 'webCall',
          ended_at: new Date().toISOString(),
          duration_seconds: seconds,
        });
      }
      async function started(request: { id: string }, vapiCallId = `call-${request.id}`) {
        await call('web_call_record', {
          id: request.id,
          status: 'started',
          vapi_call_id: vapiCallId,
          web_call: { id: vapiCallId, webCallUrl: `https://vapi.daily.co/${vapiCallId}` },
        });
        return vapiCallId;
      }

      it('claims an id once; the same id again is "existing" with what the page needs to join', async () => {
        await forgetClaims();
        const request = claimRequest();
        expect(await claim(request)).toEqual({ outcome: 'call' });
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'pending',
          web_call: null,
        });
        const id = await started(request);
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'started',
          web_call: { id, webCallUrl: `https://vapi.daily.co/${id}` },
        });
        // Another client with the same id gets nothing of it.
        expect(await claim({ ...request, client_address: nextAddress() })).toEqual({
          outcome: 'conflict',
        });
      });

      it('holds the per-address limit over every try, one IPv6 /48 (any of its /64s) as one client', async () => {
        await forgetClaims();
        const address = '2001:db8:aa:ff::1';
        for (let i = 0; i < 3; i += 1) {
          const request = claimRequest({ client_address: `2001:db8:aa:${i + 1}::1` });
          expect(await claim(request)).toEqual({ outcome: 'call' });
          await call('web_call_record', { id: request.id, status: 'failed', error: 'refused' });
        }
        const refused = await claim(claimRequest({ client_address: address }));
        expect(refused).toMatchObject({ outcome: 'limited', limit: 'address' });
        expect(refused.retry_after).toBeGreaterThan(3500);
        expect(await claim(claimRequest())).toEqual({ outcome: 'call' });
      });

      it('holds the calls in progress at once, and a report frees its place', async () => {
        await forgetClaims();
        const running = [claimRequest(), claimRequest(), claimRequest()];
        for (const request of running) expect(await claim(request)).toEqual({ outcome: 'call' });
        const busy = await claim(claimRequest());
        expect(busy).toMatchObject({ outcome: 'limited', limit: 'concurrent' });
        expect(busy.retry_after).toBeLessThanOrEqual(180 + 60);
        await report(await started(running[0]!), 42);
        expect(await claim(claimRequest())).toEqual({ outcome: 'call' });
      });

      it('holds the day in calls, counting none Vapi refused', async () => {
        await forgetClaims();
        const limits = { ...LIMITS, per_day: 4, concurrent: 100 };
        const refusedByVapi = claimRequest({ limits });
        expect(await claim(refusedByVapi)).toEqual({ outcome: 'call' });
        await call('web_call_record', { id: refusedByVapi.id, status: 'failed', error: '400' });
        for (let i = 0; i < 4; i += 1) {
          expect(await claim(claimRequest({ limits }))).toEqual({ outcome: 'call' });
        }
        expect(await claim(claimRequest({ limits }))).toMatchObject({
          outcome: 'limited',
          limit: 'day',
        });
      });

      it('holds the day in minutes: each call at its maximum until its report says how long it ran', async () => {
        await forgetClaims();
        // 10 minutes a day and 180 s calls: three fit (540 s), a fourth would pass 600 s.
        const limits = { ...LIMITS, minutes_per_day: 10, concurrent: 100 };
        const calls = [
          claimRequest({ limits }),
          claimRequest({ limits }),
          claimRequest({ limits }),
        ];
        for (const request of calls) expect(await claim(request)).toEqual({ outcome: 'call' });
        expect(await claim(claimRequest({ limits }))).toMatchObject({
          outcome: 'limited',
          limit: 'minutes',
        });
        // One ran 30 s: 390 s counted, room for one more 180 s call, and no more.
        await report(await started(calls[0]!), 30);
        expect(await claim(claimRequest({ limits }))).toEqual({ outcome: 'call' });
        expect(await claim(claimRequest({ limits }))).toMatchObject({ limit: 'minutes' });
      });

      it('counts a call at most its maximum, whatever its report says it ran', async () => {
        await forgetClaims();
        // 10 minutes a day and 180 s calls: 600 s.
        const limits = { ...LIMITS, minutes_per_day: 10, concurrent: 100 };
        const first = claimRequest({ limits });
        expect(await claim(first)).toEqual({ outcome: 'call' });
        // The most demo_calls takes of any report: a day.
        await report(await started(first), 86_400);
        const ran = await db.query<{ ran_seconds: string }>(
          'select ran_seconds from public.web_calls where id = $1',
          [first.id],
        );
        expect(Number(ran.rows[0]?.ran_seconds)).toBe(180);
        // 180 s counted: two more calls fit (540 s), a third would pass 600 s.
        for (let i = 0; i < 2; i += 1)
          expect(await claim(claimRequest({ limits }))).toEqual({ outcome: 'call' });
        expect(await claim(claimRequest({ limits }))).toMatchObject({ limit: 'minutes' });
        // Nor can a row hold more than its maximum.
        await expect(
          db.query('update public.web_calls set ran_seconds = 181 where id = $1', [first.id]),
        ).rejects.toThrow(/web_calls_ran_within_max/);
      });

      it.runIf(engine.concurrent)(
        'holds every limit exactly under 50 claims at once',
        async () => {
          await forgetClaims();
          // From one address: exactly 3 of 50.
          const oneAddress = await Promise.all(
            Array.from({ length: 50 }, () =>
              claim(claimRequest({ client_address: '203.0.113.9' })),
            ),
          );
          expect(oneAddress.filter((answer) => answer.outcome === 'call')).toHaveLength(3);
          // One id sent 50 times: one call.
          await forgetClaims();
          const same = claimRequest();
          const sameId = await Promise.all(Array.from({ length: 50 }, () => claim(same)));
          expect(sameId.filter((answer) => answer.outcome === 'call')).toHaveLength(1);
          // From 50 addresses: exactly the 3 at once.
          await forgetClaims();
          const many = await Promise.all(Array.from({ length: 50 }, () => claim(claimRequest())));
          expect(many.filter((answer) => answer.outcome === 'call')).toHaveLength(3);
          // The day's calls: 3 a day is 3, whatever runs at once.
          await forgetClaims();
          const perDay = { ...LIMITS, per_day: 3, concurrent: 100 };
          const day = await Promise.all(
            Array.from({ length: 50 }, () => claim(claimRequest({ limits: perDay }))),
          );
          expect(day.filter((answer) => answer.outcome === 'call')).toHaveLength(3);
          // The minutes: 10 a day of 180 s calls is 3, whatever runs at once.
          await forgetClaims();
          const limits = { ...LIMITS, minutes_per_day: 10, concurrent: 100 };
          const minutes = await Promise.all(
            Array.from({ length: 50 }, () => claim(claimRequest({ limits }))),
          );
          expect(minutes.filter((answer) => answer.outcome === 'call')).toHaveLength(3);
        },
        60_000,
      );

      it('gives the public keys no way in: no read, no write, no claim', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(call('web_call_claim', claimRequest(), role)).rejects.toThrow(
            /permission denied/,
          );
          await expect(call('web_call_record', { id: crypto.randomUUID() }, role)).rejects.toThrow(
            /permission denied/,
          );
          await expect(
            asRequest(requests, { method: 'GET', path: '/web_calls', headers: {}, role }, (tx) =>
              tx.query('select * from public.web_calls'),
            ),
          ).rejects.toThrow(/permission denied/);
        }
      });
    },
  );
});
