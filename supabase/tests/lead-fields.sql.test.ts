/**
 * The database holds the lead as supabase/functions/_shared/lead-fields.ts says: for each field of
 * the table its column (NOT NULL when required), its check constraint, its check function exactly
 * as `npm run lead-rules:sql -- --field <name>` writes it, and the public key's INSERT grant; and
 * the columns the public key may write (which lead_submit stores) are the lead's row and no more.
 * A field added to the table without its migration, or a migration that drifts from the table,
 * fails here.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { leadFieldFunctionSql } from '../../scripts/lead-rules-sql';
import { LEAD_ROW_KEYS } from '../functions/_shared/contracts/lead';
import { LEAD_FIELDS, leadField } from '../functions/_shared/lead-fields';
import { databaseFor, pglite } from './engines';

// 'all': a hosted project's default grants to anon on every new table (and so, unless revoked,
// every column the server keeps): lead_submit must still store only the lead's row.
describe.each<DefaultGrants>(['none', 'all'])(
  'the lead in the database, field by field from lead-fields.ts (new tables getting %s grants)',
  (defaultGrants) => {
    const { db } = databaseFor(pglite, defaultGrants);
    const one = async <T>(sql: string, params: unknown[] = []) =>
      (await db.query<T>(sql, params)).rows[0];

    it.each(LEAD_FIELDS)(
      '%s: its column, its check as generated, its INSERT grant',
      async (field) => {
        const column = await one(
          `select is_nullable, data_type from information_schema.columns
        where table_schema = 'public' and table_name = 'contact_submissions' and column_name = $1`,
          [field],
        );
        expect(column).toEqual({
          is_nullable: leadField(field).required ? 'NO' : 'YES',
          data_type: 'text',
        });
        const constraint = await one<{ def: string }>(
          `select pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'public.contact_submissions'::regclass and conname = $1`,
          [`contact_submissions_${field}_check`],
        );
        expect(constraint?.def).toBe(`CHECK (private.is_lead_${field}(${field})) NOT VALID`);

        // The function the table writes, made beside the database's and read back the same way.
        await db.exec(leadFieldFunctionSql(field, 'private.lead_field_as_generated'));
        try {
          const bodies = await one<{ stored: string; generated: string }>(
            `select pg_get_function_sqlbody(format('private.is_lead_%s(text)', $1::text)::regprocedure) as stored,
                pg_get_function_sqlbody('private.lead_field_as_generated(text)'::regprocedure) as generated`,
            [field],
          );
          expect(bodies?.stored).toBe(bodies?.generated);
        } finally {
          await db.exec('drop function private.lead_field_as_generated(text)');
        }
      },
    );

    it("lets the public key write the lead's row and nothing else, which lead_submit stores", async () => {
      const granted = await db.query<{ column: string }>(
        `select attname as column from pg_attribute
        where attrelid = 'public.contact_submissions'::regclass and attnum > 0 and not attisdropped
          and has_column_privilege('anon', 'public.contact_submissions', attname, 'INSERT')`,
      );
      expect(granted.rows.map((row) => row.column).sort()).toEqual([...LEAD_ROW_KEYS].sort());
    });
  },
);
