/**
 * The two engines the migration tests run on: the embedded Postgres (PGlite, as the local stack
 * runs it) and a real PostgreSQL server (Debian's 15, ./real-postgres.ts), where requests also
 * run on many connections at once. Each is laid out as a hosted Supabase project.
 */
import type { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase, type DefaultGrants, type SqlDatabase } from '../../server/postgres/database';
import { findPostgres, startRealPostgres, type RealPostgres } from './real-postgres';

export interface Engine {
  /** Opens a fresh database with the migrations applied. */
  open: (defaultGrants: DefaultGrants) => Promise<{
    db: SqlDatabase;
    /** Where requests run: connections that log in as authenticator (PGlite: the same one). */
    requests: SqlDatabase;
    close: () => Promise<void>;
  }>;
  /** Whether requests run on connections of their own, at once (a real server). */
  concurrent: boolean;
}

const pglite: Engine = {
  concurrent: false,
  open: async (defaultGrants) => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const db: PGlite = await openDatabase(join(dir, 'db'), { defaultGrants, log: () => undefined });
    return {
      db,
      requests: db,
      close: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgresBin = findPostgres();
let server: Promise<RealPostgres> | undefined;
let databases = 0;
const realPostgres: Engine = {
  concurrent: true,
  open: async (defaultGrants) => {
    server ??= startRealPostgres(postgresBin!);
    const db = await (
      await server
    ).createDatabase(`tests_${process.pid}_${(databases += 1)}`, defaultGrants);
    return { db, requests: db.requests, close: () => db.close() };
  },
};
if (!postgresBin) {
  console.warn(
    'PostgreSQL is not installed (apt-get install postgresql): the migration SQL tests run on PGlite only.',
  );
}
afterAll(async () => {
  if (server) await (await server).stop();
});

export const ENGINES: [string, Engine][] = [
  ['PGlite', pglite],
  ...(postgresBin ? [['PostgreSQL (Debian)', realPostgres] as [string, Engine]] : []),
];
