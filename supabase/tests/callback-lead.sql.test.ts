/**
 * The lead path of a callback at the SQL level:
 * callback_lead finds a lead the database stored within the window, by its own clock (never the
 * page's created_at), and callback_claim stores the request's timing and lead, the first values
 * kept on a retry; on both engines, under both default-grant behaviours.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { asRequest } from '../../server/postgres/request-role';
import { randomLead } from '../../server/tests/helpers';
import { databaseFor, ENGINES, rpc } from './engines';

const LIMITS = { per_number_per_day: 1_000, per_address_per_hour: 1_000, per_day: 1_000_000 };
const WINDOW = 600;

let serial = 0;
const nextAddress = () => {
  serial += 1;
  return `192.0.2.${serial % 250}`;
};

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'callback_lead and the claim, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object) => rpc(requests, name, request);

      /** A lead stored as submit-lead stores it (lead_submit, the service-role key): its row. */
      async function storedLead(overrides: Record<string, unknown> = {}) {
        const lead = randomLead({
          phone: '(415) 555-2671',
          company: 'Lee Roofing',
          message: 'We miss calls after 5 pm.',
          ...overrides,
        });
        expect(await call('lead_submit', { client_address: nextAddress(), lead })).toEqual({
          outcome: 'stored',
        });
        return lead;
      }
      const ageLead = (id: string, seconds: number) =>
        db.query(
          `update public.contact_submissions
              set stored_at = now() - make_interval(secs => $2) where id = $1`,
          [id, seconds],
        );

      it('finds a lead stored within the window: its name, company, message and number', async () => {
        const lead = await storedLead();
        expect(await call('callback_lead', { id: lead.id, window_seconds: WINDOW })).toEqual({
          found: true,
          name: lead.name,
          company: 'Lee Roofing',
          message: 'We miss calls after 5 pm.',
          phone: '(415) 555-2671',
        });
        const none = await storedLead({ company: null });
        expect(await call('callback_lead', { id: none.id, window_seconds: WINDOW })).toMatchObject({
          found: true,
          company: null,
        });
      });

      it('answers found: false for a lead never stored, and for one stored before the window', async () => {
        expect(
          await call('callback_lead', { id: crypto.randomUUID(), window_seconds: WINDOW }),
        ).toEqual({ found: false });
        const lead = await storedLead();
        await ageLead(lead.id, WINDOW - 5);
        expect(await call('callback_lead', { id: lead.id, window_seconds: WINDOW })).toMatchObject({
          found: true,
        });
        await ageLead(lead.id, WINDOW + 1);
        expect(await call('callback_lead', { id: lead.id, window_seconds: WINDOW })).toEqual({
          found: false,
        });
        // The window is the function's: a longer one finds it again.
        expect(
          await call('callback_lead', { id: lead.id, window_seconds: WINDOW * 2 }),
        ).toMatchObject({ found: true });
      });

      it("judges a lead's age by stored_at, which the page cannot set, never by its created_at", async () => {
        // created_at is the page's, kept within 10 minutes of the server's clock: 9 ahead here.
        const ahead = new Date(Date.now() + 9 * 60_000).toISOString();
        const lead = await storedLead({ created_at: ahead, stored_at: '2000-01-01T00:00:00Z' });
        const row = await db.query<{ created_at: Date; fresh: boolean }>(
          `select created_at, stored_at > now() - interval '5 seconds' as fresh
             from public.contact_submissions where id = $1`,
          [lead.id],
        );
        expect(row.rows[0]?.created_at.toISOString()).toBe(ahead);
        // lead_submit stored the database's own time, not the request's stored_at.
        expect(row.rows[0]?.fresh).toBe(true);
        await ageLead(lead.id, WINDOW + 1);
        expect(await call('callback_lead', { id: lead.id, window_seconds: WINDOW })).toEqual({
          found: false,
        });
        // Nor can the public key write it.
        for (const role of ['anon', 'authenticated'] as const) {
          const held = await db.query<{ insert: boolean; select: boolean }>(
            `select has_column_privilege($1, 'public.contact_submissions', 'stored_at', 'INSERT') as insert,
                    has_column_privilege($1, 'public.contact_submissions', 'stored_at', 'SELECT') as select`,
            [role],
          );
          expect(held.rows[0], role).toEqual({ insert: false, select: false });
        }
      });

      it('lets only service_role call callback_lead', async () => {
        const lead = await storedLead();
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(
            asRequest(
              requests,
              { method: 'POST', path: '/rpc/callback_lead', headers: {}, role },
              (tx) =>
                tx.query('select public.callback_lead($1::jsonb)', [
                  JSON.stringify({ id: lead.id, window_seconds: WINDOW }),
                ]),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
        const grants = await db.query<{ grantee: string }>(
          `select grantee from information_schema.routine_privileges
            where routine_schema = 'public' and routine_name = 'callback_lead'
              and privilege_type = 'EXECUTE' order by grantee`,
        );
        expect(grants.rows.map((row) => row.grantee)).not.toContain('anon');
        expect(grants.rows.map((row) => row.grantee)).toContain('service_role');
      });

      it('callback_claim stores requested_at, pressed_ms and lead_id, and a retry keeps the first', async () => {
        const id = crypto.randomUUID();
        const first = {
          id,
          phone: '+14155552699',
          country: 'US',
          client_address: nextAddress(),
          consent_text: 'I agree to one call from an AI agent.',
          consent_at: '2026-11-23T18:00:01.000Z',
          estimate: null,
          variables: null,
          page: '/contact',
          utm: null,
          visit_id: null,
          requested_at: '2026-11-23T18:00:00.250Z',
          pressed_ms: 850,
          lead_id: id,
          limits: LIMITS,
        };
        expect(await call('callback_claim', first)).toEqual({ outcome: 'call' });
        const stored = () =>
          db.query<{ requested_at: Date; pressed_ms: number; lead_id: string }>(
            'select requested_at, pressed_ms, lead_id from public.callback_requests where id = $1',
            [id],
          );
        const expected = {
          requested_at: new Date('2026-11-23T18:00:00.250Z'),
          pressed_ms: 850,
          lead_id: id,
        };
        expect((await stored()).rows).toEqual([expected]);
        // A retry of the id (its call refused, so it may try again, and then once more).
        await call('callback_record', { id, status: 'failed', error: 'Vapi 400' });
        const retry = {
          ...first,
          requested_at: '2026-11-23T18:05:00.000Z',
          pressed_ms: 10,
          lead_id: null,
        };
        expect(await call('callback_claim', retry)).toEqual({ outcome: 'call' });
        expect(await call('callback_claim', retry)).toMatchObject({ outcome: 'existing' });
        expect((await stored()).rows).toEqual([expected]);
      });

      it('callback_claim from Call my phone: no lead, and a page that did not say stores null', async () => {
        const id = crypto.randomUUID();
        expect(
          await call('callback_claim', {
            id,
            phone: '+14155552698',
            country: 'US',
            client_address: nextAddress(),
            consent_text: 'I agree to one call from an AI agent.',
            consent_at: new Date().toISOString(),
            page: '/',
            limits: LIMITS,
          }),
        ).toEqual({ outcome: 'call' });
        const row = await db.query(
          'select requested_at, pressed_ms, lead_id from public.callback_requests where id = $1',
          [id],
        );
        expect(row.rows).toEqual([{ requested_at: null, pressed_ms: null, lead_id: null }]);
      });
    },
  );
});
