/**
 * The two engines the migration tests run on: the embedded Postgres (PGlite, as the local stack
 * runs it) and a real PostgreSQL server (Debian's 15, ./real-postgres.ts), where requests also
 * run on many connections at once. Each database is a copy of one laid out as a hosted Supabase
 * project, prepared once for the run (./global-setup.ts).
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, inject } from 'vitest';
import { SUPERUSER, type DefaultGrants, type SqlDatabase } from '../../server/postgres/database';
import { asRequest, type ApiRole } from '../../server/postgres/request-role';
import { copyDatabase } from './real-postgres';

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
    const template = await readFile(inject('pgliteTemplates')[defaultGrants]);
    const db = await PGlite.create({ username: SUPERUSER, loadDataDir: new Blob([template]) });
    return { db, requests: db, close: () => db.close() };
  },
};

const server = inject('realPostgres');
const realPostgres: Engine = {
  concurrent: true,
  open: async (defaultGrants) => {
    const db = await copyDatabase(
      server!.port,
      server!.templates[defaultGrants],
      // Unique across the run's workers, whether processes or threads of one.
      `tests_${crypto.randomUUID().replaceAll('-', '')}`,
    );
    return { db, requests: db.requests, close: () => db.close() };
  },
};
if (!server) {
  console.warn(
    'PostgreSQL is not installed (apt-get install postgresql): the migration SQL tests run on PGlite only.',
  );
}

export const ENGINES: [string, Engine][] = [
  ['PGlite', pglite],
  ...(server ? [['PostgreSQL (Debian)', realPostgres] as [string, Engine]] : []),
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
