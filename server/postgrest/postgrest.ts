import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestHeadersForDatabase } from '../client-address';
import {
  fromDatabaseError,
  isObject,
  parseJson,
  refusal,
  type PostgrestAnswer,
} from './postgrest-errors';
import { parseInsert } from './postgrest-insert';
import { asRequest, type ApiRole } from '../postgres/request-role';
import { LEAD_ROW_KEYS, type LeadRow } from '../../supabase/functions/_shared/contracts/lead';

/**
 * The part of PostgREST (Supabase's data API) the site uses, over the embedded Postgres. Each
 * request runs as PostgREST runs it (its key's role, its headers and claims set), so the
 * migrations' grants, policies and triggers decide; what is not implemented is refused the way
 * hosted Supabase refuses it for anon.
 */

const TABLE = 'contact_submissions';
export const CONTACT_COLUMNS = LEAD_ROW_KEYS;
const COLUMNS = new Set<string>(CONTACT_COLUMNS);
export const MAX_BODY_BYTES = 64 * 1024;
/** Hosted Supabase's default `db_schemas`. */
const EXPOSED_SCHEMAS = ['public', 'graphql_public'];

const missingTable = (table: string) =>
  refusal(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

/**
 * A too-large body is refused before it is read: closing the connection keeps the client's next
 * request on it from being read from the middle of the unread body.
 */
export const CLOSE_CONNECTION = { Connection: 'close' } as const;

function answer(c: Context, { status, body, headers }: PostgrestAnswer) {
  return c.json(body, status as ContentfulStatusCode, headers);
}
const refuse = (c: Context, ...why: Parameters<typeof refusal>) => answer(c, refusal(...why));

function runAsRequest(c: Context, db: PGlite, sql: string, params: unknown[] = []) {
  return asRequest(
    db,
    {
      method: c.req.method,
      path: c.req.path,
      headers: requestHeadersForDatabase(c),
      role: (c.get('role' as never) as ApiRole | undefined) ?? 'anon',
    },
    (tx) => tx.query(sql, params),
  );
}

const NOT_FILTERS = new Set(['select', 'columns', 'order', 'limit', 'offset', 'on_conflict']);

/** What the terminal's line of a new lead shows. */
export type InsertedRow = Pick<LeadRow, 'id' | 'name' | 'email'>;

export interface RestApiOptions {
  db: PGlite;
  anonKey: string;
  serviceRoleKey?: string;
  /** Called after rows are committed. */
  onInsert?: (rows: InsertedRow[]) => void;
}

/** Every copy of the key sent (`apikey`, `Authorization: Bearer`) must be the same known key. */
function roleOfKey(c: Context, keys: Partial<Record<ApiRole, string>>): ApiRole | null {
  const sent = [c.req.header('apikey'), c.req.header('authorization')?.replace(/^Bearer\s+/i, '')];
  const present = sent.filter((value): value is string => value !== undefined);
  if (present.length === 0 || present.some((value) => value !== present[0])) return null;
  const match = Object.entries(keys).find(([, key]) => key && key === present[0]);
  return match ? (match[0] as ApiRole) : null;
}

const insertLead = (db: PGlite, onInsert?: (rows: InsertedRow[]) => void) => async (c: Context) => {
  const parsed = parseInsert({
    table: TABLE,
    columns: COLUMNS,
    contentType: c.req.header('content-type') ?? '',
    body: await c.req.text(),
    columnsParam: c.req.query('columns'),
    onConflict: c.req.query('on_conflict'),
    prefer: c.req.header('prefer') ?? '',
  });
  if (!parsed.ok) return answer(c, parsed.answer);
  if (parsed.empty) return c.body(null, 201);
  try {
    await runAsRequest(c, db, parsed.sql, parsed.params);
  } catch (error) {
    return answer(c, fromDatabaseError(error));
  }
  onInsert?.(parsed.rows as unknown as InsertedRow[]);
  c.header('Content-Range', `*/*`);
  return c.body(null, 201);
};

// PostgREST's /rpc: named arguments from a JSON object; the function's EXECUTE grant decides.
const callFunction = (db: PGlite) => async (c: Context) => {
  const fn = c.req.param('fn');
  const args = parseJson((await c.req.text()) || '{}');
  if (!isObject(args)) return refuse(c, 400, 'PGRST102', 'Empty or invalid json');
  const names = Object.keys(args).sort();
  const candidates = await db.query<{ names: string[] | null; types: string[] }>(
    `select p.proargnames as names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1`,
    [fn],
  );
  const match = candidates.rows.find(
    (row) => JSON.stringify([...(row.names ?? [])].sort()) === JSON.stringify(names),
  );
  if (!match) {
    return refuse(
      c,
      404,
      'PGRST202',
      `Could not find the function public.${fn}(${names.join(', ')}) in the schema cache`,
    );
  }
  const argNames = match.names ?? [];
  const list = argNames
    .map((name, index) => `"${name}" := $${index + 1}::${match.types[index]}`)
    .join(', ');
  const params = argNames.map((name) => {
    const value = args[name];
    if (value === null || value === undefined) return null;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
  try {
    const result = await runAsRequest(
      c,
      db,
      `select to_jsonb(public."${fn}"(${list})) as result`,
      params,
    );
    return c.json((result.rows[0] as { result: unknown } | undefined)?.result ?? null);
  } catch (error) {
    return answer(c, fromDatabaseError(error));
  }
};

// Updates and deletes go to the database for its grants to refuse; `where false` keeps even
// loosened grants from changing a lead.
const refuseChange = (db: PGlite) => async (c: Context) => {
  const filtered = Object.keys(c.req.query()).some((name) => !NOT_FILTERS.has(name));
  // Hosted Supabase runs pg-safeupdate: an UPDATE or DELETE without a WHERE clause is refused.
  if (!filtered && (c.req.method === 'PATCH' || c.req.method === 'DELETE')) {
    const statement = c.req.method === 'PATCH' ? 'UPDATE' : 'DELETE';
    return refuse(c, 400, '21000', `${statement} requires a WHERE clause`);
  }
  if (!filtered && c.req.method === 'PUT') {
    return refuse(
      c,
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
  }
  try {
    await runAsRequest(
      c,
      db,
      c.req.method === 'DELETE'
        ? `delete from public.${TABLE} where false`
        : `update public.${TABLE} set message = message where false`,
    );
  } catch (error) {
    return answer(c, fromDatabaseError(error));
  }
  return refuse(c, 403, '42501', `permission denied for table ${TABLE}`);
};

// A read goes to the database for its grants to refuse. Narrower than PostgREST: a read the
// grants allow answers `[]`, and only the `public` schema is exposed.
const readTable = (db: PGlite) => async (c: Context) => {
  const schema = c.req.header('accept-profile') ?? 'public';
  if (schema !== 'public') {
    return refuse(
      c,
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
    );
  }
  const name = c.req.param('table') ?? '';
  const found = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
    [name],
  );
  const table = found.rows[0]?.name;
  if (!table) return answer(c, missingTable(name));
  try {
    await runAsRequest(c, db, `select * from public."${table.replaceAll('"', '""')}" where false`);
  } catch (error) {
    return answer(c, fromDatabaseError(error));
  }
  return c.json([]);
};

export function createRestApi({ db, anonKey, serviceRoleKey, onInsert }: RestApiOptions): Hono {
  const api = new Hono();

  api.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: [
        'apikey',
        'authorization',
        'content-type',
        'prefer',
        'x-client-info',
        'accept-profile',
        'content-profile',
        'x-retry-count',
      ],
      allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 3600,
    }),
  );

  api.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const role = roleOfKey(c, { anon: anonKey, service_role: serviceRoleKey });
    c.set('role' as never, role as never);
    if (!role) {
      return refuse(
        c,
        401,
        'PGRST301',
        'Invalid API key',
        null,
        'Double check your Supabase anon key.',
      );
    }
    return next();
  });

  api.post(
    `/${TABLE}`,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        answer(c, {
          ...refusal(413, 'PGRST413', `Request body larger than ${MAX_BODY_BYTES} bytes`),
          headers: CLOSE_CONNECTION,
        }),
    }),
    insertLead(db, onInsert),
  );

  api.post('/rpc/:fn', bodyLimit({ maxSize: MAX_BODY_BYTES }), callFunction(db));
  api.on(['PATCH', 'PUT', 'DELETE'], `/${TABLE}`, refuseChange(db));
  api.on(['GET', 'HEAD'], '/:table', readTable(db));
  api.all('*', (c) => {
    const table = c.req.path.split('/').filter(Boolean).at(-1) ?? '';
    return answer(c, missingTable(table));
  });

  return api;
}
