/**
 * The lead path's guards at the SQL level: the migrations applied to the embedded Postgres laid
 * out as a hosted Supabase project (migrations run as the non-superuser `postgres`, requests as
 * authenticator switched to anon with request.headers set), under both defaults a hosted
 * project may have for new tables.
 */
import type { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasVisibleText } from '../src/features/contact/validate';
import { openDatabase, type DefaultGrants } from './database';
import { CONTACT_COLUMNS } from './postgrest';
import { asRequest } from './request-role';
import { nextAddress, randomLead } from './test-helpers';

const COLUMNS = [...CONTACT_COLUMNS];

interface Refusal {
  code: string;
  message: string;
  detail?: string;
}

describe.each<DefaultGrants>(['none', 'all'])(
  'the migrations on a project whose new tables get %s grants',
  (defaultGrants) => {
    let db: PGlite;
    let dir: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'lead-guards-'));
      db = await openDatabase(join(dir, 'db'), { defaultGrants, log: () => undefined });
    });
    afterAll(async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    });

    /** Inserts rows as the data API does for an anon request from `address`; null when stored. */
    async function insert(
      rows: object[],
      headers: Record<string, string> = { 'x-forwarded-for': nextAddress() },
    ): Promise<Refusal | null> {
      try {
        await asRequest(db, { method: 'POST', path: '/contact_submissions', headers }, (tx) =>
          tx.query(
            `insert into public.contact_submissions (${COLUMNS.join(', ')})
             select ${COLUMNS.join(', ')}
               from json_populate_recordset(null::public.contact_submissions, $1::json)`,
            [JSON.stringify(rows)],
          ),
        );
        return null;
      } catch (error) {
        return error as Refusal;
      }
    }

    const stored = async (id: string) =>
      (
        await db.query<{ created_at: Date }>(
          'select created_at from public.contact_submissions where id = $1',
          [id],
        )
      ).rows[0];
    const total = async () =>
      Number(
        (await db.query<{ n: number }>('select count(*)::int as n from public.contact_submissions'))
          .rows[0]?.n,
      );
    /** The JSON body and HTTP status a 'PGRST' refusal gives the caller. */
    const response = (refusal: Refusal | null) => ({
      body: JSON.parse(refusal?.message ?? 'null') as Record<string, unknown>,
      ...(JSON.parse(refusal?.detail ?? 'null') as {
        status: number;
        headers: Record<string, string>;
      }),
    });

    it('ran as postgres, which is not a superuser, and postgres owns what it made', async () => {
      const owners = await db.query<{ owner: string; superuser: boolean }>(
        `select pg_get_userbyid(c.relowner) as owner, r.rolsuper as superuser
           from pg_class c join pg_roles r on r.oid = c.relowner
          where c.oid in ('public.contact_submissions'::regclass, 'private.lead_arrivals'::regclass)`,
      );
      expect(owners.rows).toEqual([
        { owner: 'postgres', superuser: false },
        { owner: 'postgres', superuser: false },
      ]);
    });

    it('leaves anon and authenticated column INSERT only, on the table and nothing else', async () => {
      for (const role of ['anon', 'authenticated']) {
        const table = await db.query<{ privilege: string; held: boolean }>(
          `select p as privilege, has_table_privilege($1, 'public.contact_submissions', p) as held
             from unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p`,
          [role],
        );
        expect(
          table.rows.filter((r) => r.held),
          role,
        ).toEqual([]);
        const columns = await db.query<{ column: string; insert: boolean; select: boolean }>(
          `select c as column,
                  has_column_privilege($1, 'public.contact_submissions', c, 'INSERT') as insert,
                  has_column_privilege($1, 'public.contact_submissions', c, 'SELECT') as select
             from unnest($2::text[]) c`,
          [role, COLUMNS],
        );
        expect(columns.rows, role).toEqual(
          COLUMNS.map((column) => ({ column, insert: true, select: false })),
        );
        for (const relation of ['private.lead_arrivals', 'private.lead_guard_settings']) {
          const held = await db.query<{ any: boolean }>(
            `select has_any_column_privilege($1, $2, 'SELECT, INSERT, UPDATE') as any`,
            [role, relation],
          );
          expect(held.rows[0]?.any, `${role} on ${relation}`).toBe(false);
        }
      }
    });

    it(`gives service_role ${defaultGrants === 'none' ? 'nothing' : 'what the project default gave'} on the table`, async () => {
      const held = await db.query<{ select: boolean }>(
        `select has_table_privilege('service_role', 'public.contact_submissions', 'SELECT') as select`,
      );
      expect(held.rows[0]?.select).toBe(defaultGrants === 'all');
    });

    it('has an insert policy that states its checks (not `with check (true)`)', async () => {
      const policies = await db.query<{ cmd: string; roles: string[]; with_check: string }>(
        `select cmd, roles::text[] as roles, with_check from pg_policies
          where tablename = 'contact_submissions'`,
      );
      expect(policies.rows).toHaveLength(1);
      const [policy] = policies.rows;
      expect(policy?.cmd).toBe('INSERT');
      expect(policy?.roles.sort()).toEqual(['anon', 'authenticated']);
      expect(policy?.with_check).not.toMatch(/^\(?true\)?$/);
      for (const part of [
        'has_visible_text(name)',
        'is_plausible_email(email)',
        'is_honest_time',
      ]) {
        expect(policy?.with_check).toContain(part);
      }
    });

    it('stores one row per request: a two-row insert is refused with 400 and stores nothing', async () => {
      const before = await total();
      const refusal = await insert([randomLead(), randomLead()]);
      expect(refusal?.code).toBe('PGRST');
      expect(response(refusal)).toMatchObject({ status: 400, body: { code: 'LG001' } });
      expect(await total()).toBe(before);
      expect(await insert([randomLead()])).toBeNull();
    });

    it.each([
      ['infinity', 'infinity'],
      ['a date in 2099', '2099-01-01T00:00:00Z'],
      ['a date in 1990', '1990-01-01T00:00:00Z'],
      ['11 minutes ahead', () => new Date(Date.now() + 11 * 60_000).toISOString()],
    ])('replaces a created_at of %s by the server time', async (_what, value) => {
      const lead = randomLead({ created_at: typeof value === 'function' ? value() : value });
      expect(await insert([lead])).toBeNull();
      const at = (await stored(lead.id))?.created_at.getTime() ?? 0;
      expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
    });

    it('keeps a created_at within 10 minutes of the server clock as sent', async () => {
      const sent = new Date(Date.now() - 9 * 60_000);
      const lead = randomLead({ created_at: sent.toISOString() });
      expect(await insert([lead])).toBeNull();
      expect((await stored(lead.id))?.created_at.getTime()).toBe(sent.getTime());
    });

    it('counts as white space exactly what the form counts, over every code point', async () => {
      const invisible = await db.query<{ cp: number }>(
        `select cp from generate_series(1, 65535) cp
          where cp not between 55296 and 57343 and not private.has_visible_text(chr(cp))
          order by cp`,
      );
      const inDatabase = invisible.rows.map((row) => row.cp);
      const inForm: number[] = [];
      for (let cp = 1; cp <= 0xffff; cp += 1) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        if (!hasVisibleText(String.fromCharCode(cp))) inForm.push(cp);
      }
      expect(inDatabase).toEqual(inForm);
      expect(inDatabase).toEqual(expect.arrayContaining([0x09, 0x20, 0xa0, 0x3000, 0xfeff]));
    });

    it.each([
      ['a name of tabs and spaces', { name: '\t  \t' }],
      ['a name of ideographic and no-break spaces', { name: '\u3000\u00a0' }],
      ['a phone of zero-width spaces', { phone: '\u200b\u200b' }],
      ['a message of line breaks', { message: '\n\r\u2028\u0085' }],
      ['an email with two @', { email: 'dana@@example.com' }],
      ['an email with nothing before the @', { email: '@example.com' }],
      ['an email with a no-break space', { email: 'dana\u00a0@example.com' }],
    ])('refuses %s', async (_what, change) => {
      const lead = randomLead(change);
      const refusal = await insert([lead]);
      expect(refusal?.code).toBe('42501');
      expect(refusal?.message).toContain('row-level security');
      expect(await stored(lead.id)).toBeUndefined();
    });

    it('accepts at most 5 submissions per 10 minutes from one address, then 429', async () => {
      const address = nextAddress();
      const from = { 'x-forwarded-for': address };
      // Refused submissions do not count: only accepted ones.
      expect((await insert([randomLead({ name: ' ' })], from))?.code).toBe('42501');
      for (let i = 0; i < 5; i += 1) expect(await insert([randomLead()], from)).toBeNull();
      const lead = randomLead();
      const refusal = await insert([lead], from);
      expect(response(refusal)).toEqual({
        status: 429,
        headers: { 'Retry-After': '600' },
        body: {
          code: 'LG002',
          message: 'Too many submissions from this address',
          details: 'At most 5 are accepted in 10 minutes.',
          hint: 'Wait a few minutes, then send again.',
        },
      });
      expect(await stored(lead.id)).toBeUndefined();
      // Another address is not held back; nor is a retry of a stored lead (its answer is 23505).
      expect(await insert([randomLead()])).toBeNull();
      const first = randomLead();
      const other = { 'x-forwarded-for': nextAddress() };
      expect(await insert([first], other)).toBeNull();
      for (let i = 0; i < 4; i += 1) expect(await insert([randomLead()], other)).toBeNull();
      expect((await insert([first], other))?.code).toBe('23505');
    });

    it('keys on the rightmost X-Forwarded-For entry and prefers cf-connecting-ip', async () => {
      const address = nextAddress();
      for (let i = 0; i < 5; i += 1) {
        // The caller writes what it likes on the left; proxies append on the right.
        const forged = { 'x-forwarded-for': `${nextAddress()}, ${address}` };
        expect(await insert([randomLead()], forged)).toBeNull();
      }
      const refusal = await insert([randomLead()], { 'x-forwarded-for': `10.9.9.9, ${address}` });
      expect(response(refusal).status).toBe(429);
      // Cloudflare's header names the connecting address; it wins over x-forwarded-for.
      const viaCloudflare = { 'cf-connecting-ip': address, 'x-forwarded-for': nextAddress() };
      expect(response(await insert([randomLead()], viaCloudflare)).status).toBe(429);
    });

    it('accepts at most table_max submissions per hour in all, whatever the addresses', async () => {
      const recent = await db.query<{ n: number }>(
        `select count(*)::int as n from private.lead_arrivals where arrived_at > now() - interval '1 hour'`,
      );
      const room = 3;
      await db.query('update private.lead_guard_settings set table_max = $1', [
        (recent.rows[0]?.n ?? 0) + room,
      ]);
      try {
        for (let i = 0; i < room; i += 1) expect(await insert([randomLead()])).toBeNull();
        const refusal = await insert([randomLead()]);
        expect(response(refusal)).toMatchObject({
          status: 429,
          body: { code: 'LG003', message: 'Too many submissions to this site right now' },
        });
      } finally {
        await db.query('update private.lead_guard_settings set table_max = 1000');
      }
    });

    it('lets anon read no arrivals and change no setting', async () => {
      for (const sql of [
        'select * from private.lead_arrivals',
        'update private.lead_guard_settings set per_address_max = 1000000',
        'delete from private.lead_arrivals',
      ]) {
        await expect(
          asRequest(db, { method: 'POST', path: '/rpc/x', headers: {} }, (tx) => tx.query(sql)),
        ).rejects.toMatchObject({ code: '42501' });
      }
    });
  },
);
