import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { openDatabase, type DefaultGrants } from './database';
import { createLocalRoutes } from './local-routes';
import { createRestApi, type InsertedRow } from './postgrest';
import { loadStaticSite } from './static-site';

export interface LocalStackOptions {
  /** The built site to serve; none under `npm run dev`, where Vite serves the pages. */
  distDir?: string;
  dataDir: string;
  anonKey: string;
  /** What a new table gives the API roles before migrations: Supabase's default now is none. */
  defaultGrants?: DefaultGrants;
  /** Where the one-line notice of each new lead goes (the terminal by default). */
  log?: (line: string) => void;
}

export interface LocalStack {
  app: Hono;
  db: PGlite;
  close: () => Promise<void>;
}

function leadLine(row: InsertedRow): string {
  return `[lead] ${new Date().toISOString()} ${row.name} <${row.email}> id=${row.id}`;
}

/** The local stand-in for a CDN, Supabase's data API and the automation webhook, on one app. */
export async function createLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await openDatabase(options.dataDir, { defaultGrants: options.defaultGrants, log });
  const serveStatic = options.distDir ? await loadStaticSite(options.distDir) : null;

  const app = new Hono();
  app.route(
    '/rest/v1',
    createRestApi({
      db,
      anonKey: options.anonKey,
      onInsert: (rows) => rows.forEach((row) => log(leadLine(row))),
    }),
  );
  app.route('/local', createLocalRoutes(db));
  if (serveStatic) {
    app.on(['GET', 'HEAD'], '*', (c) => serveStatic(c));
    app.all('*', (c) => c.text('Method not allowed', 405));
  }
  app.onError((error, c) => {
    console.error(error);
    return c.json(
      { code: 'XX000', message: 'Internal error of the local stack', details: null, hint: null },
      500,
    );
  });

  return { app, db, close: () => db.close() };
}
