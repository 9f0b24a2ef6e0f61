/**
 * The lead path's guards at the SQL level: the migrations applied to a database laid out as a
 * hosted Supabase project (migrations run as the non-superuser `postgres`, requests as
 * authenticator switched to anon with request.headers set and PostgREST's own insert
 * statement), under both defaults a hosted project may have for new tables, on two engines: the
 * embedded Postgres (PGlite, as the local stack runs) and a real PostgreSQL server (Debian's 15,
 * supabase/tests/real-postgres.ts), where requests also run on many connections at once.
 */
import { describe, expect, it } from 'vitest';
import { ESTIMATE_MAX } from '../functions/_shared/contracts/origin';
import { MAX_CALL_SECONDS } from '../functions/_shared/contracts/web-call';
import {
  codePointRanges,
  hasControl,
  hasVisibleText,
  isLetterOrDigit,
  isPlausibleEmail,
  isSameSitePath,
} from '../functions/_shared/lead-rules';
import type { DefaultGrants } from '../../server/postgres/database';
import { CONTACT_COLUMNS } from '../../server/postgrest/postgrest';
import { endOfCallReport, queuedWebCall } from '../functions/_shared/vapi/fixtures';
import { reportRow } from '../functions/vapi-events/handler';
import { databaseFor, ENGINES, rpc } from './engines';
import { siteWebCall } from './site-calls';
import { asRequest } from '../../server/postgres/request-role';
import { nextAddress, randomLead } from '../../server/tests/helpers';

const COLUMNS = [...CONTACT_COLUMNS];

interface Refusal {
  code: string;
  message: string;
  detail?: string;
}

/** PostgREST's statement for POST /contact_submissions with return=minimal (v12, as it logs it). */
const POSTGREST_INSERT = `with pgrst_source as (
  insert into "public"."contact_submissions"(${COLUMNS.map((c) => `"${c}"`).join(', ')})
  select ${COLUMNS.map((c) => `pgrst_body."${c}"`).join(', ')}
    from (select $1::json as json_data) pgrst_payload,
    lateral (select case when json_typeof(pgrst_payload.json_data) = 'array'
                         then pgrst_payload.json_data
                         else json_build_array(pgrst_payload.json_data) end as val) pgrst_uniform_json,
    lateral (select * from json_populate_recordset(null::"public"."contact_submissions",
                                                   pgrst_uniform_json.val)) pgrst_body
  returning 1)
select '' as total_result_set, pg_catalog.count(_postgrest_t) as page_total,
       array[]::text[] as header, ''::text as body,
       nullif(current_setting('response.headers', true), '') as response_headers,
       nullif(current_setting('response.status', true), '') as response_status
  from (select * from pgrst_source) _postgrest_t`;

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'the migrations on a project whose new tables get %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);

      /** The ranges of code points for which the SQL `predicate` (of `cp`) holds. */
      async function sqlRanges(predicate: string, max: number): Promise<[number, number][]> {
        const result = await db.query<{ first: number; last: number }>(
          `select min(cp) as first, max(cp) as last from (
           select cp, cp - row_number() over (order by cp) as island
             from generate_series(1, ${max}) cp
            where cp not between 55296 and 57343 and (${predicate})) t
          group by island order by 1`,
        );
        return result.rows.map((row) => [Number(row.first), Number(row.last)]);
      }

      /** Inserts rows as the data API does for an anon request from `address`; null when stored. */
      async function insert(
        rows: object[],
        headers: Record<string, string> = { 'x-forwarded-for': nextAddress() },
      ): Promise<Refusal | null> {
        try {
          await asRequest(
            requests,
            { method: 'POST', path: '/contact_submissions', headers },
            (tx) =>
              tx.query(POSTGREST_INSERT, [JSON.stringify(rows.length === 1 ? rows[0] : rows)]),
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
          (
            await db.query<{ n: number }>(
              'select count(*)::int as n from public.contact_submissions',
            )
          ).rows[0]?.n,
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
          'is_lead_name(name)',
          'is_lead_email(email)',
          'is_lead_phone(phone)',
          'is_lead_company(company)',
          'is_lead_message(message)',
          'is_lead_page(page)',
          'is_lead_utm(utm)',
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
        // More rows than the address has room for: the row guard answers first (429), and still
        // nothing is stored.
        const six = await insert(Array.from({ length: 6 }, () => randomLead()));
        expect(response(six)).toMatchObject({ status: 429, body: { code: 'LG002' } });
        expect(await total()).toBe(before + 1);
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
        const inDatabase = await sqlRanges('not private.has_visible_text(chr(cp))', 0xffff);
        expect(inDatabase).toEqual(
          codePointRanges((cp) => !hasVisibleText(String.fromCodePoint(cp)), 0xffff),
        );
        expect(inDatabase).toContainEqual([0x2000, 0x200d]);
      });

      // The rules do not depend on the grants: swept once per engine.
      const sweep = it.runIf(defaultGrants === 'none');

      sweep(
        'counts as a letter or digit exactly what lead-rules.ts counts, over every code point',
        async () => {
          const inDatabase = await sqlRanges('private.has_letter_or_digit(chr(cp))', 0x10ffff);
          expect(inDatabase).toEqual(codePointRanges(isLetterOrDigit, 0x10ffff));
        },
      );

      sweep.each([
        ['a control', 'private.has_control(chr(cp))', (c: string) => hasControl(c)],
        [
          'a control in a message',
          'private.has_control_but_line_breaks(chr(cp))',
          (c: string) => hasControl(c, { lineBreaks: true }),
        ],
        [
          'a character an e-mail may hold',
          "private.is_plausible_email('a' || chr(cp) || 'b@example.com')",
          (c: string) => isPlausibleEmail(`a${c}b@example.com`),
        ],
        [
          'a character a path may hold',
          "private.is_same_site_path('/a' || chr(cp))",
          (c: string) => isSameSitePath(`/a${c}`),
        ],
        [
          'a character a path may start with',
          "private.is_same_site_path('/' || chr(cp) || 'a')",
          (c: string) => isSameSitePath(`/${c}a`),
        ],
      ])(
        'counts as %s exactly what lead-rules.ts counts, over every code point',
        async (_what, sql, rule) => {
          const inDatabase = await sqlRanges(sql, 0x10ffff);
          expect(inDatabase).toEqual(
            codePointRanges((cp) => rule(String.fromCodePoint(cp)), 0x10ffff),
          );
        },
      );

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

      it.each([
        ['a name of Hangul fillers', { name: '\u3164\u115f\uffa0' }],
        ['a name of braille blanks', { name: '\u2800\u2800' }],
        ['a name of direction marks', { name: '\u200e\u202e\u200f' }],
        ['a name with ESC', { name: 'Dana\u001b[31m Lee' }],
        ['a name with BEL', { name: 'Dana\u0007' }],
        ['a name with a line break', { name: 'Dana\nLee' }],
        ['a name over 200 bytes (67 three-byte letters)', { name: '中'.repeat(67) }],
        ['a message of invisible characters', { message: '\u2800 \u3164\n' }],
        ['a message with a right-to-left override', { message: 'Call me \u202eback' }],
        ['a message with a backspace', { message: 'Call me\u0008' }],
        ['a message over 5,000 bytes', { message: 'é'.repeat(2501) }],
        ['a phone with a control', { phone: '555 010\u0085 2030' }],
        ['a company with a control', { company: 'Acme\u001b' }],
        ['a company over 200 bytes', { company: 'x'.repeat(201) }],
        [
          'an email with quotes and angle brackets',
          { email: '"><img/src=x/onerror=alert(1)>@x.co' },
        ],
        ['an email with a backtick', { email: 'dana`@example.com' }],
        ['an email with a control', { email: 'dana\u0007@example.com' }],
        ['an email over 254 bytes', { email: `${'d'.repeat(243)}@example.com` }],
        ['a page on another site', { page: '//evil.example/login' }],
        ['a page with a backslash', { page: '/\\evil.example/login' }],
        ['a page that is a URL', { page: 'https://evil.example/' }],
        ['a page over 200 bytes', { page: `/${'a'.repeat(200)}` }],
        ['a utm with another key', { utm: { utm_source: 'x', ref: 'y' } }],
        [
          'a utm with __proto__',
          { utm: JSON.parse('{"__proto__": {"utm_source": "x"}}') as object },
        ],
        ['a utm with a number', { utm: { utm_source: 1 } }],
        ['a utm value over 100 bytes', { utm: { utm_source: 'x'.repeat(101) } }],
        ['a utm value with a control', { utm: { utm_source: 'x\u001by' } }],
        ['a utm that is an array', { utm: ['utm_source'] }],
      ])('refuses %s', async (_what, change) => {
        const lead = randomLead(change);
        const refusal = await insert([lead]);
        expect(refusal?.code, refusal?.message).toBe('42501');
        expect(await stored(lead.id)).toBeUndefined();
      });

      it('accepts real names, addresses and messages in any script, up to the byte limits', async () => {
        for (const change of [
          { name: 'José Ñúñez', company: 'Ñandú Solar' },
          { name: '张伟', message: '请给我回电话。' },
          { name: "Seán O'Brien", email: "sean.o'brien@example.ie" },
          { name: 'محمد' },
          { name: 'R2', message: '42' },
          { message: 'Two lines,\r\nthen a third\n.' },
          { name: '中'.repeat(66), message: 'é'.repeat(2500), company: 'x'.repeat(200) },
          { email: `${'d'.repeat(242)}@example.com` },
          { page: '/about-me?utm_source=x#contact' },
          {
            utm: {
              utm_source: 'google',
              utm_medium: 'cpc',
              utm_campaign: 'spring roofs',
              utm_term: 'x'.repeat(100),
              utm_content: 'ad 1',
            },
          },
        ]) {
          const lead = randomLead(change);
          expect(await insert([lead]), JSON.stringify(change)).toBeNull();
        }
      });

      /** A /48 no other test uses: 2001:0xxx:0yyy. */
      const freshNetwork = () => {
        const part = () =>
          `0${Math.floor(Math.random() * 0xfff)
            .toString(16)
            .padStart(3, '0')}`;
        return `2001:${part()}:${part()}`;
      };

      it('counts every address of an IPv6 /48 (one home or office), however spelled, as one client', async () => {
        const net = freshNetwork();
        const short = net.replace(/:0+(?=[0-9a-f])/g, ':');
        for (const address of [
          `${net}::1`,
          `${net.toUpperCase()}:1::2`,
          `${short}:0:0:0:0:3`,
          ` ${net}:ffff:ffff:ffff:ffff:ffff\t`,
          `${net}:abcd::1`,
        ]) {
          expect(await insert([randomLead()], { 'x-forwarded-for': address }), address).toBeNull();
        }
        // Another /64 of the same /48: the same client.
        const refusal = await insert([randomLead()], { 'cf-connecting-ip': `${short}:9::9` });
        expect(response(refusal)).toMatchObject({ status: 429, body: { code: 'LG002' } });
        // The next /48 is another client.
        expect(
          await insert([randomLead()], { 'x-forwarded-for': `${freshNetwork()}::1` }),
        ).toBeNull();
      });

      it('counts every spelling of one IPv4 address as one client', async () => {
        const [a, b, c] = [1, 2, 3].map(() => 1 + Math.floor(Math.random() * 250));
        const plain = `9.${a}.${b}.${c}`;
        for (const address of [
          plain,
          `09.${a}.${b}.${c}`,
          `${plain}\t`,
          ` ${plain}`,
          `::ffff:${plain}`,
        ]) {
          expect(await insert([randomLead()], { 'x-forwarded-for': address }), address).toBeNull();
        }
        const refusal = await insert([randomLead()], { 'x-forwarded-for': `::FFFF:${plain}` });
        expect(response(refusal)).toMatchObject({ status: 429, body: { code: 'LG002' } });
      });

      it('puts a missing or unparsable address in one shared bucket with its own limit', async () => {
        const settings = await db.query<{ unknown_max: number }>(
          'select unknown_max from private.lead_guard_settings',
        );
        expect(settings.rows[0]?.unknown_max).toBe(5);
        for (const headers of [
          { 'x-forwarded-for': '203.0.113.9, ' },
          { 'x-forwarded-for': 'not an address' },
          { 'x-forwarded-for': '' },
          {},
          { 'x-forwarded-for': '1.2.3.4.5' },
        ] as Record<string, string>[]) {
          expect(await insert([randomLead()], headers), JSON.stringify(headers)).toBeNull();
        }
        for (const headers of [{ 'x-forwarded-for': '198.51.100.7, ' }, {}] as Record<
          string,
          string
        >[]) {
          const refusal = await insert([randomLead()], headers);
          expect(response(refusal)).toMatchObject({ status: 429, body: { code: 'LG002' } });
        }
        // A visitor with an address is not held back by them.
        expect(await insert([randomLead()])).toBeNull();
      });

      /** lead_submit as the submit-lead function calls it: the service-role key, through the data API. */
      async function submitViaFunction(
        lead: Record<string, unknown>,
        clientAddress: string | null = nextAddress(),
        botChecked?: boolean,
      ): Promise<Record<string, unknown>> {
        const result = await asRequest(
          requests,
          { method: 'POST', path: '/rpc/lead_submit', headers: {}, role: 'service_role' },
          (tx) =>
            tx.query<{ answer: Record<string, unknown> }>(
              'select public.lead_submit($1::jsonb) as answer',
              [
                JSON.stringify({
                  client_address: clientAddress,
                  lead,
                  ...(botChecked === undefined ? {} : { bot_checked: botChecked }),
                }),
              ],
            ),
        );
        return result.rows[0]!.answer;
      }

      /** lead_delivery as the submit-lead function calls it (the service-role key). */
      async function delivery(request: Record<string, unknown>): Promise<Record<string, unknown>> {
        const result = await asRequest(
          requests,
          { method: 'POST', path: '/rpc/lead_delivery', headers: {}, role: 'service_role' },
          (tx) =>
            tx.query<{ answer: Record<string, unknown> }>(
              'select public.lead_delivery($1::jsonb) as answer',
              [JSON.stringify(request)],
            ),
        );
        return result.rows[0]!.answer;
      }

      /** One attempt of the worker at lead `id`, made due now, that fails: what `due` gave. */
      async function failedWorkerAttempt(id: string, error: string) {
        await db.query(
          "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1",
          [id],
        );
        const due = (await delivery({ action: 'due', limit: 100 })).deliveries as {
          id: string;
          claim: string;
          attempt: number;
        }[];
        const taken = due.find((entry) => entry.id === id)!;
        await delivery({ id, action: 'release', claim: taken.claim, error });
        return taken;
      }

      it("holds the function's first try (no bot check) to the data API's limits: LG003, then LG002", async () => {
        const arrivals = async () =>
          Number(
            (
              await db.query<{ n: number }>(
                `select count(*)::int as n from private.lead_arrivals
                  where path = 'api' and arrived_at > now() - interval '1 hour'`,
              )
            ).rows[0]?.n,
          );
        const address = nextAddress();
        expect(await submitViaFunction(randomLead(), address, false)).toEqual({
          outcome: 'stored',
        });
        // It counts in the site's ceiling, with the data API's arrivals.
        await db.query('update private.lead_guard_settings set table_max = $1', [await arrivals()]);
        try {
          const lead = randomLead();
          expect(await submitViaFunction(lead, address, false)).toMatchObject({
            outcome: 'refused',
            status: 429,
            body: { code: 'LG003' },
          });
          expect(await stored(lead.id)).toBeUndefined();
          // The same lead with the bot check goes past it.
          expect(await submitViaFunction(lead, address, true)).toEqual({ outcome: 'stored' });
        } finally {
          await db.query('update private.lead_guard_settings set table_max = 1000');
        }
        // The address it passed is the one counted: 5 per 10 minutes.
        const one = nextAddress();
        const answers: Record<string, unknown>[] = [];
        for (let i = 0; i < 6; i += 1)
          answers.push(await submitViaFunction(randomLead(), one, false));
        expect(answers.filter((answer) => answer.outcome === 'stored')).toHaveLength(5);
        expect(answers.at(-1)).toMatchObject({ outcome: 'refused', body: { code: 'LG002' } });
      });

      it('delivers a lead once: claimed, then done; a failed post released for the retry', async () => {
        const lead = randomLead();
        expect(await delivery({ id: lead.id, action: 'claim' })).toEqual({ state: 'missing' });
        // A lead a script writes straight through the data API is stored, never posted.
        const direct = randomLead();
        expect(await insert([direct])).toBeNull();
        expect(await delivery({ id: direct.id, action: 'claim' })).toEqual({ state: 'missing' });
        expect(await submitViaFunction(lead, nextAddress(), false)).toEqual({ outcome: 'stored' });
        // A fresh lead is its press's to post: the worker does not race it.
        const fresh = (await delivery({ action: 'due', limit: 100 })).deliveries as {
          id: string;
        }[];
        expect(fresh.map((entry) => entry.id)).not.toContain(lead.id);
        const claimed = await delivery({ id: lead.id, action: 'claim', lease_seconds: 30 });
        // A press is not an attempt of the schedule.
        expect(claimed).toMatchObject({
          state: 'claimed',
          id: lead.id,
          attempt: 0,
          lead: { id: lead.id, name: lead.name, email: lead.email },
        });
        expect(await delivery({ id: lead.id, action: 'claim' })).toEqual({ state: 'busy' });
        // Another request's claim is not let go of: only the claim given back.
        await delivery({ id: lead.id, action: 'release', claim: '2000-01-01T00:00:00Z' });
        expect(await delivery({ id: lead.id, action: 'claim' })).toEqual({ state: 'busy' });
        expect(
          await delivery({
            id: lead.id,
            action: 'release',
            claim: claimed.claim,
            error: 'HTTP 500',
          }),
        ).toEqual({ state: 'released' });
        // The failed attempt waits its turn of the schedule: the first retry within a minute.
        const [row] = (
          await db.query<{ wait: number; last_error: string }>(
            `select extract(epoch from next_attempt_at - now())::int as wait, last_error
               from private.webhook_deliveries where id = $1`,
            [lead.id],
          )
        ).rows;
        expect(row).toEqual({ wait: expect.any(Number) as number, last_error: 'HTTP 500' });
        expect(row!.wait).toBeGreaterThan(20);
        expect(row!.wait).toBeLessThanOrEqual(30);
        // A visitor's press does not wait for it.
        expect(await delivery({ id: lead.id, action: 'claim' })).toMatchObject({
          state: 'claimed',
          attempt: 0,
        });
        expect(await delivery({ id: lead.id, action: 'done' })).toEqual({ state: 'delivered' });
        expect(await delivery({ id: lead.id, action: 'claim' })).toEqual({ state: 'delivered' });
        // A claim left by a killed function lapses, and the worker takes it up.
        const other = randomLead();
        await submitViaFunction(other, nextAddress(), false);
        await delivery({ id: other.id, action: 'claim' });
        await db.query(
          `update private.webhook_deliveries
              set claimed_until = now() - interval '1 second',
                  next_attempt_at = now() - interval '1 second'
            where id = $1`,
          [other.id],
        );
        const due = await delivery({ action: 'due', limit: 100 });
        expect((due.deliveries as { id: string }[]).map((taken) => taken.id)).toContain(other.id);
      });

      it('lets a press put off none of the schedule, and takes at most 5 presses a delivery', async () => {
        const lead = randomLead();
        await submitViaFunction(lead, nextAddress(), false);
        const wait = async () =>
          (
            await db.query<{ wait: number; attempts: number; failed: boolean }>(
              `select extract(epoch from next_attempt_at - now())::int as wait, attempts,
                      failed_at is not null as failed
                 from private.webhook_deliveries where id = $1`,
              [lead.id],
            )
          ).rows[0]!;
        const press = async () => {
          const claimed = await delivery({ id: lead.id, action: 'claim', lease_seconds: 30 });
          if (claimed.state === 'claimed')
            await delivery({
              id: lead.id,
              action: 'release',
              claim: claimed.claim,
              error: 'HTTP 500',
            });
          return claimed.state;
        };
        // The worker's third attempt fails: the fourth is 10 minutes off.
        for (let attempt = 1; attempt <= 3; attempt += 1)
          await failedWorkerAttempt(lead.id, 'HTTP 500');
        expect(await wait()).toMatchObject({ attempts: 3, failed: false });
        const before = (await wait()).wait;
        expect(before).toBeGreaterThan(590);
        // Five presses that fail leave it where it was; the sixth is refused as busy.
        for (let pressed = 1; pressed <= 5; pressed += 1) expect(await press()).toBe('claimed');
        expect(await press()).toBe('busy');
        const after = await wait();
        expect(after).toMatchObject({ attempts: 3, failed: false });
        expect(after.wait).toBeLessThanOrEqual(before);
        expect(after.wait).toBeGreaterThan(before - 10);
        // A fresh lead's failed press leaves the worker's first turn within the lease.
        const fresh = randomLead();
        await submitViaFunction(fresh, nextAddress(), false);
        const claimed = await delivery({ id: fresh.id, action: 'claim', lease_seconds: 30 });
        await delivery({
          id: fresh.id,
          action: 'release',
          claim: claimed.claim,
          error: 'HTTP 500',
        });
        const [row] = (
          await db.query<{ wait: number; failed: boolean }>(
            `select extract(epoch from next_attempt_at - now())::int as wait,
                    failed_at is not null as failed
               from private.webhook_deliveries where id = $1`,
            [fresh.id],
          )
        ).rows;
        expect(row!.failed).toBe(false);
        expect(row!.wait).toBeGreaterThan(20);
        expect(row!.wait).toBeLessThanOrEqual(30);
      });

      it('backs off to about a day, then marks the delivery failed', async () => {
        const lead = randomLead();
        await submitViaFunction(lead, nextAddress(), false);
        const waits: number[] = [];
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          expect((await failedWorkerAttempt(lead.id, 'timeout')).attempt).toBe(attempt);
          const [row] = (
            await db.query<{ wait: number; failed: boolean }>(
              `select extract(epoch from next_attempt_at - now())::int as wait,
                      failed_at is not null as failed
                 from private.webhook_deliveries where id = $1`,
              [lead.id],
            )
          ).rows;
          if (attempt < 10) waits.push(row!.wait);
          expect(row!.failed).toBe(attempt === 10);
        }
        expect(waits[0]).toBeLessThanOrEqual(60);
        expect(waits.every((wait, i) => i === 0 || wait > waits[i - 1]!)).toBe(true);
        expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(24 * 3600 - 60);
        // A failed delivery is no longer due.
        await db.query(
          "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1",
          [lead.id],
        );
        const due = (await delivery({ action: 'due', limit: 100 })).deliveries as { id: string }[];
        expect(due.map((entry) => entry.id)).not.toContain(lead.id);
      });

      it('gives each due delivery, of every kind, to one worker, however many ask at once', async () => {
        const leads = Array.from({ length: 12 }, () => randomLead());
        for (const lead of leads) await submitViaFunction(lead, nextAddress(), false);
        // Call reports (vapi-events' rows of the shared fixture) and the day's budget alerts.
        const reports = Array.from({ length: 4 }, () => `vapi-${crypto.randomUUID()}`);
        for (const vapiId of reports) {
          await siteWebCall(requests, vapiId);
          const { message } = endOfCallReport(
            queuedWebCall({ assistantId: 'a' }, { id: vapiId, orgId: 'org' }),
            new Date(),
          );
          const row = reportRow(
            message as unknown as Record<string, unknown>,
            MAX_CALL_SECONDS.fallback,
          );
          expect(await rpc(requests, 'demo_call_store', row)).toEqual({ stored: true });
        }
        const alerts: string[] = [];
        for (const feature of ['calls', 'minutes', 'phone', 'chat']) {
          const spent = await rpc(requests, 'budget_spent', {
            feature,
            budget: 1,
            retry_after: 60,
          });
          expect(spent.first, feature).toBe(true);
          alerts.push(`budget_spent:${feature}:${String(spent.day)}`);
        }
        const ids = new Set([
          ...leads.map((lead) => lead.id),
          ...reports.map((vapiId) => `call_report:${vapiId}`),
          ...alerts,
        ]);
        // Due: the presses that would have posted them never came.
        await db.query(
          "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = any($1)",
          [[...ids]],
        );
        const workers = await Promise.all(
          Array.from({ length: 4 }, () =>
            delivery({ action: 'due', limit: 10, lease_seconds: 60 }),
          ),
        );
        const taken = workers.flatMap((answer) =>
          (answer.deliveries as { id: string }[])
            .map((entry) => entry.id)
            .filter((id) => ids.has(id)),
        );
        expect(new Set(taken).size).toBe(taken.length);
        expect(new Set(taken)).toEqual(ids);
      });

      it('lets only service_role deliver, and anon neither set nor read a delivery', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(
            asRequest(
              requests,
              { method: 'POST', path: '/rpc/lead_delivery', headers: {}, role },
              (tx) =>
                tx.query('select public.lead_delivery($1::jsonb)', [
                  JSON.stringify({ id: randomLead().id, action: 'claim' }),
                ]),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
        // Nothing of a delivery is the caller's: the outbox is private.
        await expect(
          asRequest(requests, { method: 'POST', path: '/contact_submissions', headers: {} }, (tx) =>
            tx.query('select count(*) from private.webhook_deliveries'),
          ),
        ).rejects.toMatchObject({ code: '42501' });
      });

      it('lets a lead past the hourly ceiling only through lead_submit, within its own limits', async () => {
        const count = async (path: string, window: string) =>
          Number(
            (
              await db.query<{ n: number }>(
                `select count(*)::int as n from private.lead_arrivals
                  where path = $1 and arrived_at > now() - $2::interval`,
                [path, window],
              )
            ).rows[0]?.n,
          );
        expect(await insert([randomLead()])).toBeNull(); // at least one arrival in the hour
        await db.query('update private.lead_guard_settings set table_max = $1', [
          await count('api', '1 hour'),
        ]);
        try {
          const lead = randomLead();
          expect(response(await insert([lead])).body).toMatchObject({ code: 'LG003' });
          expect(await stored(lead.id)).toBeUndefined();

          const address = nextAddress();
          expect(await submitViaFunction(lead, address)).toEqual({ outcome: 'stored' });
          expect(await stored(lead.id)).toBeDefined();
          // The same id again: stored once, answered as the data API's 23505.
          const again = await submitViaFunction(lead, address);
          expect(again).toMatchObject({ outcome: 'exists' });
          expect(String(again.message)).toContain('contact_submissions_pkey');
          // The same content rules.
          expect(await submitViaFunction(randomLead({ name: '\u3164' }), address)).toMatchObject({
            outcome: 'invalid',
            code: '23514',
          });
          // The same per-address limit: 5 per 10 minutes.
          for (let i = 0; i < 4; i += 1) {
            expect(await submitViaFunction(randomLead(), address)).toEqual({ outcome: 'stored' });
          }
          expect(await submitViaFunction(randomLead(), address)).toMatchObject({
            outcome: 'refused',
            status: 429,
            body: { code: 'LG002' },
          });
          // A missing address counts in the shared bucket (5 per 10 minutes, whatever other
          // tests left in it), never in none.
          const unknown: Record<string, unknown>[] = [];
          for (let i = 0; i < 6; i += 1) unknown.push(await submitViaFunction(randomLead(), null));
          expect(unknown.filter((answer) => answer.outcome === 'stored').length).toBeLessThan(6);
          expect(unknown.at(-1)).toMatchObject({ outcome: 'refused', body: { code: 'LG002' } });
          // Its own ceiling: function_max in function_window.
          const ceiling = (await count('submit-lead', '1 day')) + 1;
          await db.query('update private.lead_guard_settings set function_max = $1', [ceiling]);
          expect(await submitViaFunction(randomLead())).toEqual({ outcome: 'stored' });
          expect(await submitViaFunction(randomLead())).toEqual({
            outcome: 'refused',
            status: 429,
            headers: { 'Retry-After': '86400' },
            body: {
              code: 'LG004',
              message: 'Too many submissions through the bot check right now',
              details: `At most ${ceiling} are accepted in 24 hours.`,
              hint: 'Try again later.',
            },
          });
        } finally {
          await db.query(
            'update private.lead_guard_settings set table_max = 1000, function_max = 500',
          );
        }
      });

      it('takes the function way only for the service role, whatever the setting says', async () => {
        expect(await insert([randomLead()])).toBeNull(); // at least one arrival in the hour
        const recent = await db.query<{ n: number }>(
          `select count(*)::int as n from private.lead_arrivals
            where path = 'api' and arrived_at > now() - interval '1 hour'`,
        );
        await db.query('update private.lead_guard_settings set table_max = $1', [
          recent.rows[0]?.n ?? 1,
        ]);
        try {
          // An anon request carrying the function's setting still meets the site's ceiling.
          const refusal = await asRequest(
            requests,
            {
              method: 'POST',
              path: '/contact_submissions',
              headers: { 'x-forwarded-for': nextAddress() },
            },
            async (tx) => {
              await tx.query("select set_config('lead_guard.path', 'submit-lead', true)");
              await tx.query(POSTGREST_INSERT, [JSON.stringify(randomLead())]);
            },
          ).then(
            () => null,
            (error: Refusal) => error,
          );
          expect(response(refusal)).toMatchObject({ status: 429, body: { code: 'LG003' } });
        } finally {
          await db.query('update private.lead_guard_settings set table_max = 1000');
        }
      });

      it('lets only service_role call lead_submit', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          await expect(
            asRequest(
              requests,
              { method: 'POST', path: '/rpc/lead_submit', headers: {}, role },
              (tx) =>
                tx.query('select public.lead_submit($1::jsonb)', [
                  JSON.stringify({ lead: randomLead() }),
                ]),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
      });

      it('stores the largest row a caller can send in a bounded number of bytes', async () => {
        // Incompressible text at every limit (random, so TOAST compression cannot shrink it).
        const junk = (bytes: number) =>
          Array.from({ length: bytes }, () =>
            String.fromCharCode(33 + Math.floor(Math.random() * 90)),
          )
            .join('')
            .replace(/[@"`<>\\]/g, 'x');
        const rows = Array.from({ length: 200 }, () => ({
          ...randomLead(),
          name: junk(200),
          email: `${junk(242)}@example.com`,
          phone: junk(40),
          company: junk(200),
          message: junk(5000),
          page: `/${junk(199)}`.replace(/^\/[/\\]/, '/a'),
          utm: Object.fromEntries(
            ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'].map((k) => [
              k,
              junk(100),
            ]),
          ),
          estimate: ESTIMATE_MAX,
          demo_call: true,
          visit_id: crypto.randomUUID(),
          trade: 'abcdefghij-abcdefghij-abcdefghij-abcdefg',
        }));
        const size = async () =>
          Number(
            (
              await db.query<{ bytes: string }>(
                "select pg_total_relation_size('public.contact_submissions') as bytes",
              )
            ).rows[0]?.bytes,
          );
        const before = await size();
        // As the owner would (no request: no rate limit), one per statement, the same checks.
        for (const row of rows) {
          await db.query(
            `insert into public.contact_submissions (${COLUMNS.join(', ')})
             select ${COLUMNS.join(', ')}
               from json_populate_record(null::public.contact_submissions, $1::json)`,
            [JSON.stringify(row)],
          );
        }
        const perRow = ((await size()) - before) / rows.length;
        console.log(`lead-guards: the largest lead takes ${Math.round(perRow)} bytes on disk`);
        // The bound docs/security.md states.
        expect(perRow).toBeLessThanOrEqual(8_400);
      });

      it.runIf(engine.concurrent)(
        'stores exactly 5 of 20 concurrent inserts from one address',
        async () => {
          const from = { 'x-forwarded-for': nextAddress() };
          const leads = Array.from({ length: 20 }, () => randomLead());
          const answers = await Promise.all(leads.map((lead) => insert([lead], from)));
          expect(answers.filter((answer) => answer === null)).toHaveLength(5);
          for (const refusal of answers.filter((answer) => answer !== null)) {
            expect(response(refusal)).toMatchObject({ status: 429, body: { code: 'LG002' } });
          }
          const kept = await Promise.all(leads.map((lead) => stored(lead.id)));
          expect(kept.filter(Boolean)).toHaveLength(5);
        },
      );

      it.runIf(engine.concurrent)('stores one of 10 concurrent inserts with one id', async () => {
        const lead = randomLead();
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => insert([lead], { 'x-forwarded-for': nextAddress() })),
        );
        expect(answers.filter((answer) => answer === null)).toHaveLength(1);
        expect(answers.filter((answer) => answer?.code === '23505')).toHaveLength(9);
        const rows = await db.query<{ n: number }>(
          'select count(*)::int as n from public.contact_submissions where id = $1',
          [lead.id],
        );
        expect(rows.rows[0]?.n).toBe(1);
      });

      it.runIf(engine.concurrent)(
        'of 10 concurrent claims of one lead exactly one posts it',
        async () => {
          const lead = randomLead();
          await submitViaFunction(lead, nextAddress(), false);
          const claims = await Promise.all(
            Array.from({ length: 10 }, () => delivery({ id: lead.id, action: 'claim' })),
          );
          expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
          expect(claims.filter((claim) => claim.state === 'busy')).toHaveLength(9);
        },
      );

      it('accepts at most table_day_max submissions a day through the data API', async () => {
        const day = await db.query<{ n: number }>(
          `select count(*)::int as n from private.lead_arrivals
            where path = 'api' and arrived_at > now() - interval '1 day'`,
        );
        await db.query('update private.lead_guard_settings set table_day_max = $1', [
          (day.rows[0]?.n ?? 0) + 1,
        ]);
        try {
          expect(await insert([randomLead()])).toBeNull();
          expect(response(await insert([randomLead()]))).toMatchObject({
            status: 429,
            headers: { 'Retry-After': '3600' },
            body: {
              code: 'LG003',
              details: `At most ${(day.rows[0]?.n ?? 0) + 1} are accepted in 24 hours.`,
            },
          });
        } finally {
          await db.query('update private.lead_guard_settings set table_day_max = 2000');
        }
      });

      it("keeps a client's bucket a day at most, and never beside the lead", async () => {
        const columns = await db.query<{ name: string }>(
          `select attname as name from pg_attribute
            where attrelid = 'private.lead_arrivals'::regclass and attnum > 0
              and not attisdropped order by attnum`,
        );
        expect(columns.rows.map((column) => column.name)).toEqual(['arrived_at', 'bucket', 'path']);
        const [old, recent] = ['2001:db8:a::/48', '2001:db8:b::/48'];
        await db.query(
          `insert into private.lead_arrivals (arrived_at, bucket)
           values (now() - interval '1 day 1 minute', $1), (now() - interval '23 hours', $2)`,
          [old, recent],
        );
        // The next lead's guard lets go of what is past the longest window.
        expect(await insert([randomLead()])).toBeNull();
        const kept = await db.query<{ bucket: string }>(
          'select bucket from private.lead_arrivals where bucket = any($1)',
          [[old, recent]],
        );
        expect(kept.rows).toEqual([{ bucket: recent }]);
        await db.query('delete from private.lead_arrivals where bucket = $1', [recent]);
      });

      it('lets anon read no arrivals and change no setting', async () => {
        for (const sql of [
          'select * from private.lead_arrivals',
          'update private.lead_guard_settings set per_address_max = 1000000',
          'delete from private.lead_arrivals',
        ]) {
          await expect(
            asRequest(requests, { method: 'POST', path: '/rpc/x', headers: {} }, (tx) =>
              tx.query(sql),
            ),
          ).rejects.toMatchObject({ code: '42501' });
        }
      });
    },
  );
});
