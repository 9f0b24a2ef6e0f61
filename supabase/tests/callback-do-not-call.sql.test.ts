/**
 * The do_not_call tool at the SQL level:
 * vapi-events calls callback_do_not_call_add with a call's Vapi id, and the number that callback
 * rang goes on the owner's list once; callback_claim then refuses it. On the embedded Postgres
 * and PostgreSQL 15, laid out as a hosted project, under both default-grant behaviours.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import type { ApiRole } from '../../server/postgres/request-role';
import { databaseFor, ENGINES, rpc } from './engines';

const LIMITS = { per_number_per_day: 1, per_address_per_hour: 100, per_day: 1000 };

let serial = 0;
function claimRequest(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    id: crypto.randomUUID(),
    phone: `+1415${String(3_000_000 + serial).padStart(7, '0')}`,
    country: 'US',
    client_address: `198.51.100.${serial % 250}`,
    consent_text: 'I agree to one call from an AI agent.',
    consent_at: new Date().toISOString(),
    limits: LIMITS,
    ...extra,
  };
}

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    "a callback's do_not_call, new tables getting %s grants",
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object, role?: ApiRole) =>
        rpc(requests, name, request, role);
      const listed = async (phone: string) =>
        (
          await db.query<{ note: string }>(
            'select note from public.callback_do_not_call where phone = $1',
            [phone],
          )
        ).rows;

      /** A callback claimed and placed: its request, and the Vapi call id it got. */
      async function placed() {
        const request = claimRequest();
        expect(await call('callback_claim', request)).toEqual({ outcome: 'call' });
        const vapiCallId = `call-dnc-${request.id}`;
        await call('callback_record', {
          id: request.id,
          status: 'calling',
          vapi_call_id: vapiCallId,
        });
        return { request, vapiCallId };
      }

      it('lists the number the call rang, once, and callback_claim refuses it from then on', async () => {
        const { request, vapiCallId } = await placed();
        expect(await listed(request.phone)).toHaveLength(0);
        expect(await call('callback_do_not_call_add', { vapi_call_id: vapiCallId })).toEqual({
          known: true,
          added: true,
        });
        expect(await listed(request.phone)).toEqual([{ note: `asked on the call ${vapiCallId}` }]);
        // Vapi's retry, or the model asking twice: nothing added twice.
        expect(await call('callback_do_not_call_add', { vapi_call_id: vapiCallId })).toEqual({
          known: true,
          added: false,
        });
        expect(await listed(request.phone)).toHaveLength(1);
        // A day later the per-number limit would let it ring again; the list does not.
        await db.query(
          "update public.callback_requests set created_at = now() - interval '25 hours' where id = $1",
          [request.id],
        );
        const later = claimRequest({ phone: request.phone });
        expect(await call('callback_claim', later)).toMatchObject({
          outcome: 'limited',
          limit: 'number',
        });
      });

      it('the same number asked for again a day later is claimed when it is not on the list', async () => {
        // The control of the test above: what the list changes.
        const { request } = await placed();
        await db.query(
          "update public.callback_requests set created_at = now() - interval '25 hours' where id = $1",
          [request.id],
        );
        expect(await call('callback_claim', claimRequest({ phone: request.phone }))).toEqual({
          outcome: 'call',
        });
      });

      it('adds nothing for a call the site did not place, or no call id', async () => {
        const before = await db.query('select phone from public.callback_do_not_call');
        for (const request of [
          { vapi_call_id: 'call-never-placed' },
          { vapi_call_id: '' },
          { vapi_call_id: null },
          {},
          // A number in the message is not read: only the stored row's.
          { vapi_call_id: 'call-never-placed', phone: '+14155550100' },
        ]) {
          expect(await call('callback_do_not_call_add', request)).toEqual({
            known: false,
            added: false,
          });
        }
        const after = await db.query('select phone from public.callback_do_not_call');
        expect(after.rows).toEqual(before.rows);
      });

      it('a number the owner listed already is known and not added again', async () => {
        const { request, vapiCallId } = await placed();
        await db.query(
          "insert into public.callback_do_not_call (phone, note) values ($1, 'the owner')",
          [request.phone],
        );
        expect(await call('callback_do_not_call_add', { vapi_call_id: vapiCallId })).toEqual({
          known: true,
          added: false,
        });
        expect(await listed(request.phone)).toEqual([{ note: 'the owner' }]);
      });

      it('only service_role may call it', async () => {
        const { request, vapiCallId } = await placed();
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(
            call('callback_do_not_call_add', { vapi_call_id: vapiCallId }, role),
          ).rejects.toMatchObject({ code: '42501' });
        }
        expect(await listed(request.phone)).toHaveLength(0);
      });
    },
  );
});
