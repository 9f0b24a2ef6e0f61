import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const dir = await mkdtemp(join(tmpdir(), 'site-db-layout-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the local data directory', () => {
  // What an older local stack left: a Postgres data directory without Supabase's roles (no
  // layout marker), or with the migrations the baseline replaces.
  it.each([
    ['before-roles', null],
    ['before-baseline', 'supabase-roles-1'],
  ])('sets aside (never deletes) one %s (marker %s), and keeps its own', async (name, marker) => {
    const dataDir = join(dir, name);
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'PG_VERSION'), '17\n');
    if (marker) await writeFile(join(dataDir, 'local-stack-layout'), `${marker}\n`);
    await writeFile(join(dataDir, 'leads-from-before'), 'kept');

    const logged: string[] = [];
    const db = await openDatabase(dataDir, { log: (line) => logged.push(line) });
    const asides = (await readdir(dir)).filter((entry) => entry.startsWith(`${name}-older-`));
    expect(asides).toHaveLength(1);
    expect(await readFile(join(dir, asides[0]!, 'leads-from-before'), 'utf8')).toBe('kept');
    expect(logged).toEqual([
      `  The local database has a new layout; the earlier one was moved to ${join(dir, asides[0]!)}.`,
    ]);
    // The new one has the hosted layout: postgres is not a superuser, and the migrations ran.
    const postgres = await db.query<{ rolsuper: boolean }>(
      "select rolsuper from pg_roles where rolname = 'postgres'",
    );
    expect(postgres.rows).toEqual([{ rolsuper: false }]);
    const owner = await db.query<{ owner: string }>(
      "select tableowner as owner from pg_tables where tablename = 'contact_submissions'",
    );
    expect(owner.rows).toEqual([{ owner: 'postgres' }]);
    await db.close();

    // Opened again, it is this layout: nothing is moved.
    const again = await openDatabase(dataDir, { log: (line) => logged.push(line) });
    await again.close();
    expect(logged).toHaveLength(1);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
