import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrations } from './migrations';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BOOTSTRAP_SQL = join(root, 'server', 'postgres', 'local-bootstrap.sql');
const LEGACY_GRANTS_SQL = join(root, 'server', 'postgres', 'legacy-default-grants.sql');

/** The superuser of the local database; `postgres`, as on a hosted project, is not one. */
export const SUPERUSER = 'supabase_admin';
/** Marks a data directory laid out with Supabase's roles and the baseline migration. */
const LAYOUT_MARKER = 'local-stack-layout';
const LAYOUT = 'baseline-1';

/** What a hosted project grants the API roles on a new public table: `none` now, `all` on older projects. */
export type DefaultGrants = 'none' | 'all';

/**
 * The embedded Postgres in `dataDir`, laid out as a hosted Supabase project. PGlite writes the
 * WAL straight to files, so a row whose INSERT returned survives `kill -9` of this process.
 */
export async function openDatabase(
  dataDir: string,
  { defaultGrants = 'none', log }: { defaultGrants?: DefaultGrants; log: (line: string) => void },
): Promise<PGlite> {
  await setAsideOlderLayout(dataDir, log);
  const db = await PGlite.create({
    dataDir,
    username: SUPERUSER,
    initDbStartParams: [`--username=${SUPERUSER}`],
  });
  await writeFile(join(dataDir, LAYOUT_MARKER), `${LAYOUT}\n`);
  await prepareDatabase(db, { defaultGrants });
  return db;
}

/** Read as the local superuser, as the Supabase dashboard reads. */
export async function rowsOf<T>(db: PGlite, sql: string): Promise<T[]> {
  return (await db.query<T>(sql)).rows;
}

/** A timestamp column as ISO 8601 in UTC, under its name. */
export const isoUtc = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;

export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}
export interface SqlDatabase extends SqlClient {
  transaction<T>(run: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * Lays a database out as a hosted Supabase project and applies each migration not applied yet,
 * in file-name order, as `postgres` (as `supabase db push` does).
 */
export async function prepareDatabase(
  db: SqlDatabase,
  { defaultGrants = 'none' }: { defaultGrants?: DefaultGrants } = {},
): Promise<void> {
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
  const fresh =
    (await db.query('select 1 from local_stack.schema_migrations limit 1')).rows.length === 0;
  if (fresh && defaultGrants === 'all') await db.exec(await readFile(LEGACY_GRANTS_SQL, 'utf8'));

  for (const { file, sql } of await readMigrations()) {
    const done = await db.query('select 1 from local_stack.schema_migrations where name = $1', [
      file,
    ]);
    if (done.rows.length > 0) continue;
    await db.transaction(async (tx) => {
      await tx.exec('set local role postgres');
      await tx.exec(sql);
      await tx.exec('reset role');
      await tx.query('insert into local_stack.schema_migrations (name) values ($1)', [file]);
    });
  }
}

/** An older layout cannot take the baseline: it is renamed, not deleted. */
async function setAsideOlderLayout(dataDir: string, log: (line: string) => void) {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) return;
  const marker = join(dataDir, LAYOUT_MARKER);
  if (existsSync(marker) && (await readFile(marker, 'utf8')).trim() === LAYOUT) return;
  const aside = `${dataDir}-older-${Date.now()}`;
  await rename(dataDir, aside);
  log(`  The local database has a new layout; the earlier one was moved to ${aside}.`);
}
