/**
 * A real PostgreSQL server for the migration tests (Debian's `postgresql` package, 15 here), in
 * a temporary data directory on a free loopback port, stopped and removed after. Each database
 * made on it is laid out as a hosted Supabase project by the same code as the embedded one
 * (prepareDatabase): superuser supabase_admin, `postgres` not a superuser, the API roles.
 * What it shows that PGlite's single connection cannot: requests on many connections at once.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  prepareDatabase,
  SUPERUSER,
  type DefaultGrants,
  type SqlClient,
} from '../../server/postgres/database';
import type { SqlDatabase } from '../../server/postgres/database';

/** Where Debian puts a PostgreSQL server's programs; PG_BIN_DIR points elsewhere. */
export function findPostgres(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.PG_BIN_DIR
    ? [env.PG_BIN_DIR]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return (
    candidates.find((dir) =>
      ['initdb', 'pg_ctl', 'postgres'].every((p) => existsSync(join(dir, p))),
    ) ?? null
  );
}

/** A database on the real server, with connections of its own. */
export interface RealDatabase extends SqlDatabase {
  /** The same database through connections that log in as `authenticator`, as PostgREST's do. */
  requests: SqlDatabase;
  close(): Promise<void>;
}

export interface RealPostgres {
  port: number;
  /** Lays database `name` out as a hosted Supabase project with `defaultGrants`. */
  prepareDatabase(name: string, defaultGrants: DefaultGrants): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user the
 * Debian package made, in a directory that user owns.
 */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) throw new Error('running as root, and no postgres user');
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function wrap(pool: pg.Pool): SqlDatabase {
  const client = (connection: pg.Pool | pg.PoolClient): SqlClient => ({
    query: async <T>(sql: string, params?: unknown[]) =>
      (await connection.query(sql, params)) as unknown as { rows: T[] },
    exec: (sql: string) => connection.query(sql),
  });
  return {
    ...client(pool),
    async transaction<T>(run: (tx: SqlClient) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await run(client(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * A pool whose idle connections may be cut by the server without failing the run: when the
 * server stops (`pg_ctl stop -m fast`) a connection still closing gets FATAL 57P01, which pg
 * emits as the pool's 'error' event, an uncaught exception when nothing listens. A query's own
 * error still rejects that query.
 */
function idleErrorsIgnored(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  return pool;
}

/** Starts a server; throws (with the server's words) when it cannot. */
export async function startRealPostgres(binDir: string): Promise<RealPostgres> {
  const owner = runAs();
  const dir = await mkdtemp(join(tmpdir(), 'real-postgres-'));
  const dataDir = join(dir, 'data');
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
    await chmod(dir, 0o700);
  }
  const run = (program: string, args: string[]) =>
    execFileSync(join(binDir, program), args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
    });
  const port = await freePort();
  run('initdb', [
    '-D',
    dataDir,
    `--username=${SUPERUSER}`,
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  // No autovacuum: its ANALYZE of a test's database holds a snapshot there, so the dead row
  // versions a test measures (report-bounds.sql.test.ts) would wait for it under load.
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c autovacuum=off`,
    'start',
  ]);
  const admin = adminPool(port);

  return {
    port,
    async prepareDatabase(name, defaultGrants) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      const pool = databasePool(port, SUPERUSER, name);
      try {
        await prepareDatabase(wrap(pool), { defaultGrants });
      } finally {
        await pool.end();
      }
    },
    async stop() {
      await admin.end().catch(() => undefined);
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function adminPool(port: number): pg.Pool {
  return databasePool(port, SUPERUSER, 'postgres', 2);
}

function databasePool(port: number, user: string, database: string, max = 25): pg.Pool {
  return idleErrorsIgnored(new pg.Pool({ host: '127.0.0.1', port, user, database, max }));
}

/**
 * A new database on the server at `port`, a copy of the prepared `template` (CREATE DATABASE
 * copies its files: far quicker than applying the migrations again).
 */
export async function copyDatabase(
  port: number,
  template: string,
  name: string,
): Promise<RealDatabase> {
  const admin = adminPool(port);
  try {
    await admin.query(
      `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`,
    );
  } finally {
    await admin.end();
  }
  const pool = databasePool(port, SUPERUSER, name);
  const requestPool = databasePool(port, 'authenticator', name);
  return {
    ...wrap(pool),
    requests: wrap(requestPool),
    close: async () => {
      await Promise.all([pool.end(), requestPool.end()]);
    },
  };
}
