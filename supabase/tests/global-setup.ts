/**
 * Prepared once for the run, with the migrations applied: for each of a project's default
 * grants, a PGlite data directory and a database on one real PostgreSQL server, which the
 * migration tests copy (engines.ts); and a local stack's data folder, which the local stack's
 * tests copy (server/tests/helpers.ts). So no test file pays for initdb and the migrations.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import {
  openDatabase,
  prepareDatabase,
  SUPERUSER,
  type DefaultGrants,
} from '../../server/postgres/database';
import { findPostgres, startRealPostgres } from './real-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** For each default grants, a prepared PGlite data directory as PGlite dumps one (a tar). */
    pgliteTemplates: Record<DefaultGrants, string>;
    /** The real server's port and each default grants' prepared database; null with no server. */
    realPostgres: { port: number; templates: Record<DefaultGrants, string> } | null;
    /** A local stack's data folder (server/app.ts), laid out and closed. */
    localStackData: string;
  }
}

const GRANTS: DefaultGrants[] = ['none', 'all'];

async function pgliteTemplate(dir: string, defaultGrants: DefaultGrants): Promise<string> {
  const db = await PGlite.create({
    username: SUPERUSER,
    initDbStartParams: [`--username=${SUPERUSER}`],
  });
  await prepareDatabase(db, { defaultGrants });
  const file = join(dir, `pglite-${defaultGrants}.tar`);
  await writeFile(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  return file;
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'migration-templates-'));
  const bin = findPostgres();
  const localStackData = join(dir, 'local-stack');
  const [none, all, server] = await Promise.all([
    pgliteTemplate(dir, 'none'),
    pgliteTemplate(dir, 'all'),
    bin ? startRealPostgres(bin) : null,
    openDatabase(localStackData, { log: () => undefined }).then((db) => db.close()),
  ]);
  project.provide('pgliteTemplates', { none, all });
  project.provide('localStackData', localStackData);
  if (server) {
    // One after the other: each makes the cluster's roles if missing.
    for (const grants of GRANTS) await server.prepareDatabase(`template_${grants}`, grants);
    project.provide('realPostgres', {
      port: server.port,
      templates: { none: 'template_none', all: 'template_all' },
    });
  } else {
    project.provide('realPostgres', null);
  }
  return async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
