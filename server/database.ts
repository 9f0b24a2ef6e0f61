import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');
const BOOTSTRAP_SQL = join(root, 'server', 'local-bootstrap.sql');

/**
 * Opens the embedded Postgres in `dataDir` (created on first use), creates Supabase's roles and
 * applies every migration in supabase/migrations once, in file-name order.
 *
 * Durability: with a Node data directory PGlite writes Postgres's WAL straight to files, so a
 * row whose INSERT has returned is in the OS's hands before we answer 201 and survives
 * `kill -9` of this process (tested in database.test.ts).
 */
export async function openDatabase(
  dataDir: string,
  migrationsDir = MIGRATIONS_DIR,
): Promise<PGlite> {
  const db = await PGlite.create({ dataDir });
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  for (const name of files) {
    const done = await db.query('select 1 from local_stack.schema_migrations where name = $1', [
      name,
    ]);
    if (done.rows.length > 0) continue;
    const sql = await readFile(join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into local_stack.schema_migrations (name) values ($1)', [name]);
    });
  }
  return db;
}
