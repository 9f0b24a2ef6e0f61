/**
 * The callback claim at the SQL level (public.callback_claim): each limit, the one
 * call per request id, and the grants, on the embedded Postgres laid out as a hosted project,
 * under both default-grant behaviours. The function calls these with the service-role key.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { asRequest, type ApiRole } from '../../server/postgres/request-role';
import { databaseFor, ENGINES, rpc } from './engines';

const LIMITS = { per_number_per_day: 1, per_address_per_hour: 3, per_day: 50 };

let serial = 0;
function claimRequest(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    id: crypto.randomUUID(),
    phone: `+1415${String(2_000_000 + serial).padStart(7, '0')}`,
    country: 'US',
    client_address: `198.51.100.${serial % 250}`,
    consent_text: 'I agree to one call from an AI agent.',
    consent_at: new Date().toISOString(),
    estimate: null,
    variables: null,
    page: '/',
    utm: null,
    visit_id: null,
    limits: LIMITS,
    ...extra,
  };
}

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'callback claims, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object, role?: ApiRole) =>
        rpc(requests, name, request, role);
      const claim = (request: object) => call('callback_claim', request);

      it('claims a new request once; the same id again is "existing" and never a second call', async () => {
        const request = claimRequest();
        expect(await claim(request)).toEqual({ outcome: 'call' });
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'pending',
          vapi_call_id: null,
        });
        await call('callback_record', {
          id: request.id,
          status: 'calling',
          vapi_call_id: 'call-9',
        });
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'calling',
          vapi_call_id: 'call-9',
        });
        expect(await claim({ ...request, phone: '+14155550000' })).toEqual({ outcome: 'conflict' });
      });

      it('lets a request Vapi refused try again, and never one Vapi did not answer', async () => {
        const refused = claimRequest();
        await claim(refused);
        await call('callback_record', { id: refused.id, status: 'failed', error: 'Vapi 400' });
        expect(await claim(refused)).toEqual({ outcome: 'call' });
        const unanswered = claimRequest();
        await claim(unanswered);
        await call('callback_record', { id: unanswered.id, status: 'unknown', error: 'timeout' });
        expect(await claim(unanswered)).toMatchObject({ outcome: 'existing', status: 'unknown' });
        // A late answer cannot undo a newer state: only a pending claim changes.
        expect(await call('callback_record', { id: unanswered.id, status: 'calling' })).toBeNull();
      });

      it('holds one call per number per day, whatever the request id', async () => {
        const first = claimRequest();
        expect(await claim(first)).toEqual({ outcome: 'call' });
        const again = await claim(claimRequest({ phone: first.phone }));
        expect(again).toMatchObject({ outcome: 'limited', limit: 'number' });
        expect(again.retry_after).toBeGreaterThan(86_000);
      });

      it('holds the per-address limit, one IPv6 /48 (any of its /64s) and every spelling of an address as one client', async () => {
        const spellings = [
          '2001:db8:1:2::a',
          '2001:DB8:1:3::b',
          '2001:0db8:0001:0004:0:0:0:c',
          '2001:db8:1:ffff:ffff::d',
        ];
        const outcomes = [];
        for (const address of spellings)
          outcomes.push((await claim(claimRequest({ client_address: address }))).outcome);
        expect(outcomes).toEqual(['call', 'call', 'call', 'limited']);
        for (const address of ['203.0.113.9', ' 203.0.113.9', '203.0.113.9 '])
          await claim(claimRequest({ client_address: address }));
        expect(await claim(claimRequest({ client_address: '203.0.113.9' }))).toMatchObject({
          limit: 'address',
        });
      });

      it('puts a missing or unparsable address in one shared bucket, never in no bucket', async () => {
        const outcomes = [];
        for (const address of [null, '', 'not-an-ip', '09.9.9.9, ']) {
          outcomes.push((await claim(claimRequest({ client_address: address }))).outcome);
        }
        expect(outcomes).toEqual(['call', 'call', 'call', 'limited']);
      });

      it('holds the day in all', async () => {
        const perDay = 2;
        // Earlier tests of this file claimed more than that already: the day is full.
        expect(await claim(claimRequest({ limits: { ...LIMITS, per_day: perDay } }))).toMatchObject(
          {
            outcome: 'limited',
            limit: 'day',
          },
        );
        expect(await claim(claimRequest({ limits: { ...LIMITS, per_day: 10_000 } }))).toEqual({
          outcome: 'call',
        });
      });

      it("never claims a number on the owner's do-not-call list, answering as any limit does", async () => {
        const request = claimRequest();
        await db.query(
          "insert into public.callback_do_not_call (phone, note) values ($1, 'asked')",
          [request.phone],
        );
        expect(await claim(request)).toMatchObject({ outcome: 'limited', limit: 'number' });
        // Another id, another address: the same.
        expect(
          await claim({ ...request, id: crypto.randomUUID(), client_address: '192.0.2.200' }),
        ).toMatchObject({
          outcome: 'limited',
          limit: 'number',
        });
        const stored = await db.query('select 1 from public.callback_requests where phone = $1', [
          request.phone,
        ]);
        expect(stored.rows).toHaveLength(0);
        // The list is the owner's: the public keys can neither read nor add to it.
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(
            asRequest(requests, { method: 'GET', path: '/', headers: {}, role }, (tx) =>
              tx.query('select * from public.callback_do_not_call'),
            ),
          ).rejects.toThrow(/permission denied/);
        }
      });

      it('a claim left pending past its lease lapses: unknown once and for all, said once', async () => {
        const request = claimRequest({ limits: { ...LIMITS, lease_seconds: 60 } });
        expect(await claim(request)).toEqual({ outcome: 'call' });
        // Within the lease: still being placed.
        expect(await claim(request)).toMatchObject({ outcome: 'existing', status: 'pending' });
        await db.query(
          "update public.callback_requests set updated_at = now() - interval '61 seconds' where id = $1",
          [request.id],
        );
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'unknown',
          lapsed: true,
          vapi_call_id: null,
        });
        expect(await claim(request)).toEqual({
          outcome: 'existing',
          status: 'unknown',
          vapi_call_id: null,
        });
      });

      it('stores the report of a callback it placed once per call id, and never for the public keys', async () => {
        const request = claimRequest();
        expect(await claim(request)).toEqual({ outcome: 'call' });
        const vapiCallId = `call-sql-${request.id}`;
        await call('callback_record', {
          id: request.id,
          status: 'calling',
          vapi_call_id: vapiCallId,
        });
        const report = {
          vapi_call_id: vapiCallId,
          kind: 'outboundPhoneCall',
          summary: 'Hi',
          visit_id: null,
          callback_id: request.id,
        };
        expect(await call('demo_call_store', report)).toEqual({ stored: true });
        expect(await call('demo_call_store', report)).toEqual({ stored: false });
        await expect(call('demo_call_store', report, 'anon')).rejects.toMatchObject({
          code: '42501',
        });
      });

      it('gives the public keys no way in: no read, no write, no claim', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(call('callback_claim', claimRequest(), role)).rejects.toMatchObject({
            code: '42501',
          });
          await expect(
            asRequest(requests, { method: 'GET', path: '/', headers: {}, role }, (tx) =>
              tx.query('select * from public.callback_requests'),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
      });
    },
  );
});
