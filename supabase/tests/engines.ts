/**
 * The two engines the migration tests run on: the embedded Postgres (PGlite, as the local stack
 * runs it) and a real PostgreSQL server (Debian's 15, ./real-postgres.ts), where requests also
 * run on many connections at once. Each is laid out as a hosted Supabase project.
 */
import type { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DefaultGrants, type SqlDatabase } from '../../server/postgres/database';
import { asRequest, type ApiRole } from '../../server/postgres/request-role';
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

export const pglite: Engine = {
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

/** An object that stands for the one `get()` gives once the tests run (opened in beforeAll). */
function openedInBeforeAll<T extends object>(get: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = get();
      if (!target) throw new Error('the database is opened in beforeAll: use it in a test');
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * A fresh database on `engine` for the tests of one describe block, laid out with
 * `defaultGrants`: opened before them, closed after. `db` runs as the superuser (the dashboard),
 * `requests` as the data API's connections do.
 */
export function databaseFor(engine: Engine, defaultGrants: DefaultGrants) {
  let opened: Awaited<ReturnType<Engine['open']>> | undefined;
  beforeAll(async () => {
    opened = await engine.open(defaultGrants);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });
  return {
    db: openedInBeforeAll(() => opened?.db),
    requests: openedInBeforeAll(() => opened?.requests),
  };
}

/** Calls the database function `name` with one JSON request, as the data API runs it for `role`. */
export async function rpc(
  db: SqlDatabase,
  name: string,
  request: object,
  role: ApiRole = 'service_role',
): Promise<Record<string, unknown>> {
  const result = await asRequest(
    db,
    { method: 'POST', path: `/rpc/${name}`, headers: {}, role },
    (tx) =>
      tx.query<{ result: Record<string, unknown> }>(`select public.${name}($1::jsonb) as result`, [
        JSON.stringify(request),
      ]),
  );
  return result.rows[0]!.result;
}
