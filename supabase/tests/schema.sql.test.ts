/**
 * supabase/schema.sql is what the migrations give: written again here as `npm run schema:sql`
 * writes it (pg_dump of a real PostgreSQL with every migration applied) and compared with the
 * committed file, so a new migration without `npm run schema:sql` fails.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { NO_POSTGRES, SCHEMA_SQL, schemaSql } from '../../scripts/schema-sql';
import { findPostgres } from './real-postgres';

const postgresBin = findPostgres();
if (!postgresBin) console.warn(`${NO_POSTGRES} supabase/schema.sql is not compared.`);

describe.skipIf(!postgresBin)('supabase/schema.sql', () => {
  it('is what the migrations give (else: npm run schema:sql)', async () => {
    const written = await schemaSql(postgresBin!);
    const committed = await readFile(SCHEMA_SQL, 'utf8');
    expect(
      committed,
      'supabase/schema.sql differs from what the migrations give: run `npm run schema:sql` and commit it',
    ).toBe(written);
  });
});
