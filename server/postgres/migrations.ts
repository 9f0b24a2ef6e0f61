import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** supabase/migrations: the database's changes, applied once each in file-name order. */
export const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');

/**
 * The migrations' file names in the order they are applied (file-name order, as `supabase db
 * push` applies them; a directory's own listing order is the file system's, not this).
 */
export async function migrationFiles(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
}

/** One migration: its file name and its SQL. */
export interface Migration {
  file: string;
  sql: string;
}

/** The migrations, in the order they are applied. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  return Promise.all(
    (await migrationFiles(dir)).map(async (file) => ({
      file,
      sql: await readFile(join(dir, file), 'utf8'),
    })),
  );
}
