import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, migrationFiles } from './migrations';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BOOTSTRAP_SQL = join(root, 'server', 'postgres', 'local-bootstrap.sql');
const LEGACY_GRANTS_SQL = join(root, 'server', 'postgres', 'legacy-default-grants.sql');

/** The superuser of the local database; `postgres`, as on a hosted project, is not one. */
export const SUPERUSER = 'supabase_admin';
/**
 * Written into a data directory laid out with Supabase's roles and the baseline migration
 * (supabase/migrations); one of an older layout is set aside.
 */
const LAYOUT_MARKER = 'local-stack-layout';
const LAYOUT = 'baseline-1';

/**
 * What a hosted project grants the API roles on a new table in public before any migration:
 * `none` for projects created since 2026-10-30 (Supabase's default now), `all` for older ones.
 */
export type DefaultGrants = 'none' | 'all';

export interface OpenDatabaseOptions {
  migrationsDir?: string;
  defaultGrants?: DefaultGrants;
  /** Where a notice about the data directory goes. */
  log?: (line: string) => void;
}

/**
 * Opens the embedded Postgres in `dataDir` (created on first use) laid out as a hosted Supabase
 * project: superuser supabase_admin; roles postgres (not a superuser), anon, authenticated,
 * service_role and authenticator. Applies every migration in supabase/migrations once, in
 * file-name order, as `postgres`, the way `supabase db push` and the SQL editor run them.
 *
 * Durability: with a Node data directory PGlite writes Postgres's WAL straight to files, so a
 * row whose INSERT has returned is in the OS's hands before we answer 201 and survives
 * `kill -9` of this process (tested in durability.test.ts).
 */
export async function openDatabase(
  dataDir: string,
  { migrationsDir = MIGRATIONS_DIR, defaultGrants = 'none', log }: OpenDatabaseOptions = {},
): Promise<PGlite> {
  await setAsideOlderLayout(dataDir, log ?? ((line) => console.log(line)));
  const db = await PGlite.create({
    dataDir,
    username: SUPERUSER,
    initDbStartParams: [`--username=${SUPERUSER}`],
  });
  await writeFile(join(dataDir, LAYOUT_MARKER), `${LAYOUT}\n`);
  await prepareDatabase(db, { migrationsDir, defaultGrants });
  return db;
}

/** The rows `sql` selects, read as the local superuser (what the Supabase dashboard does). */
export async function rowsOf<T>(db: PGlite, sql: string): Promise<T[]> {
  return (await db.query<T>(sql)).rows;
}

/** A timestamp column as the local stack's listings give it: ISO 8601 in UTC, under its name. */
export const isoUtc = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;

/** What the migrations need of a database: PGlite, or a pool of connections to PostgreSQL. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<unknown>;
}
export interface SqlDatabase extends SqlClient {
  /** Runs `run` in one transaction on one connection: committed when it resolves. */
  transaction<T>(run: (tx: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * Lays a fresh database out as a hosted Supabase project (server/postgres/local-bootstrap.sql, run as
 * the superuser; with `all`, the older default grants) and applies every migration not applied
 * yet, once, in file-name order, as `postgres`. The same for the embedded Postgres and for a real
 * PostgreSQL server (supabase/tests/real-postgres.ts).
 */
export async function prepareDatabase(
  db: SqlDatabase,
  { migrationsDir = MIGRATIONS_DIR, defaultGrants = 'none' }: OpenDatabaseOptions = {},
): Promise<void> {
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
  const fresh =
    (await db.query('select 1 from local_stack.schema_migrations limit 1')).rows.length === 0;
  if (fresh && defaultGrants === 'all') await db.exec(await readFile(LEGACY_GRANTS_SQL, 'utf8'));

  for (const name of await migrationFiles(migrationsDir)) {
    const done = await db.query('select 1 from local_stack.schema_migrations where name = $1', [
      name,
    ]);
    if (done.rows.length > 0) continue;
    const sql = await readFile(join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec('set local role postgres');
      await tx.exec(sql);
      await tx.exec('reset role');
      await tx.query('insert into local_stack.schema_migrations (name) values ($1)', [name]);
    });
  }
}

/**
 * A data directory of an older layout (without Supabase's roles it cannot be opened as
 * supabase_admin; with migrations the baseline replaces, the baseline cannot apply) is renamed
 * (nothing is deleted) and a fresh one is made.
 */
async function setAsideOlderLayout(dataDir: string, log: (line: string) => void) {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) return;
  const marker = join(dataDir, LAYOUT_MARKER);
  if (existsSync(marker) && (await readFile(marker, 'utf8')).trim() === LAYOUT) return;
  const aside = `${dataDir}-older-${Date.now()}`;
  await rename(dataDir, aside);
  log(`  The local database has a new layout; the earlier one was moved to ${aside}.`);
}
