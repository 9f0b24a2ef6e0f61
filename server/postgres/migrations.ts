import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');

export interface Migration {
  file: string;
  sql: string;
}

/** In file-name order, as `supabase db push` applies them (not the directory's listing order). */
export async function readMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({ file, sql: await readFile(join(MIGRATIONS_DIR, file), 'utf8') })),
  );
}
