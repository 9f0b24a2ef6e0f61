import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { proxiedHeaders, sentKey } from '../client-address';
import {
  fromDatabaseError,
  isObject,
  parseJson,
  refusal,
  type PostgrestAnswer,
} from './postgrest-errors';
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

const answer = (c: Context, { status, body, headers }: PostgrestAnswer) =>
  c.json(body, status as ContentfulStatusCode, headers);
const refuse = (c: Context, ...why: Parameters<typeof refusal>) => answer(c, refusal(...why));

/** The role of the request's key, set once it is checked. */
type RoleEnv = { Variables: { role: ApiRole } };

const NOT_FILTERS = new Set(['select', 'columns', 'order', 'limit', 'offset', 'on_conflict']);

/** What the terminal's line of a new lead shows. */
export type InsertedRow = Pick<LeadRow, 'id' | 'name' | 'email'>;

interface RestApiOptions {
  db: PGlite;
  anonKey: string;
  serviceRoleKey?: string;
  /** Called after rows are committed. */
  onInsert?: (rows: InsertedRow[]) => void;
}

/** The database refuses an upsert for anon: ON CONFLICT needs SELECT on the conflict columns. */
function onConflictClause(c: Context, columns: string[]): string {
  const prefer = c.req.header('prefer') ?? '';
  const onConflict = c.req.query('on_conflict');
  const resolution = /resolution=(merge|ignore)-duplicates/.exec(prefer)?.[1];
  if (onConflict === undefined && resolution === undefined) return '';
  const target = (onConflict ?? 'id')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => COLUMNS.has(name));
  if (target.length === 0) target.push('id');
  const on = ` on conflict (${target.map((name) => `"${name}"`).join(', ')})`;
  if (resolution === 'ignore') return `${on} do nothing`;
  return `${on} do update set ${columns.map((name) => `"${name}" = excluded."${name}"`).join(', ')}`;
}

export function createRestApi({ db, anonKey, serviceRoleKey, onInsert }: RestApiOptions) {
  const api = new Hono<RoleEnv>();

  /** One statement as PostgREST runs a request; a database error is PostgREST's answer to it. */
  const runAsRequest = (c: Context<RoleEnv>, sql: string, params: unknown[] = []) =>
    asRequest(
      db,
      {
        method: c.req.method,
        path: c.req.path,
        // The headers PostgREST passes in `request.headers`, by lower-case name.
        headers: Object.fromEntries(proxiedHeaders(c)),
        role: c.get('role'),
      },
      (tx) => tx.query(sql, params),
    ).catch((error: unknown) => answer(c, fromDatabaseError(error)));

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

  // Every copy of the key sent (`apikey`, `Authorization: Bearer`) must be the same known key.
  api.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const key = sentKey(c);
    const role = key === anonKey ? 'anon' : key === serviceRoleKey ? 'service_role' : null;
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
    c.set('role', role);
    return next();
  });

  // An insert as one SQL statement: Postgres itself turns the rows into the table's type, so the
  // database checks types, constraints and policies, as behind PostgREST.
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
    async (c) => {
      const contentType = c.req.header('content-type') ?? '';
      if (!contentType.toLowerCase().startsWith('application/json')) {
        return refuse(
          c,
          415,
          'PGRST107',
          `Content-Type not acceptable: ${contentType || '(none)'}`,
          null,
          'Send application/json.',
        );
      }
      const body = parseJson(await c.req.text());
      if (body === undefined) return refuse(c, 400, 'PGRST102', 'Empty or invalid json');
      const rows: unknown[] = Array.isArray(body) ? body : [body];
      if (!rows.every(isObject)) {
        return refuse(
          c,
          400,
          'PGRST102',
          'All object keys must match',
          'Each row must be a JSON object.',
        );
      }
      if (rows.length === 0) return c.body(null, 201);
      const columnsParam = c.req.query('columns');
      const columns = columnsParam
        ? columnsParam.split(',').map((name) => name.trim().replace(/^"|"$/g, ''))
        : [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const unknown = columns.find((name) => !COLUMNS.has(name));
      if (unknown !== undefined) {
        return refuse(
          c,
          400,
          'PGRST204',
          `Could not find the '${unknown}' column of '${TABLE}' in the schema cache`,
        );
      }
      if (columns.length === 0) return refuse(c, 400, 'PGRST102', 'Empty or invalid json');
      const list = columns.map((name) => `"${name}"`).join(', ');
      const wantsRows = (c.req.header('prefer') ?? '').includes('return=representation');
      const sql =
        `insert into public.${TABLE} (${list}) ` +
        `select ${list} from json_populate_recordset(null::public.${TABLE}, $1::json)` +
        onConflictClause(c, columns) +
        (wantsRows ? ' returning *' : '');
      const inserted = await runAsRequest(c, sql, [JSON.stringify(rows)]);
      if (inserted instanceof Response) return inserted;
      onInsert?.(rows as unknown as InsertedRow[]);
      c.header('Content-Range', `*/*`);
      return c.body(null, 201);
    },
  );

  // PostgREST's /rpc: named arguments from a JSON object; the function's EXECUTE grant decides.
  api.post('/rpc/:fn', bodyLimit({ maxSize: MAX_BODY_BYTES }), async (c) => {
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
    const result = await runAsRequest(
      c,
      `select to_jsonb(public."${fn}"(${list})) as result`,
      params,
    );
    if (result instanceof Response) return result;
    return c.json((result.rows[0] as { result: unknown } | undefined)?.result ?? null);
  });

  // Updates and deletes go to the database for its grants to refuse; `where false` keeps even
  // loosened grants from changing a lead.
  api.on(['PATCH', 'PUT', 'DELETE'], `/${TABLE}`, async (c) => {
    const filtered = Object.keys(c.req.query()).some((name) => !NOT_FILTERS.has(name));
    if (!filtered && c.req.method === 'PUT') {
      return refuse(
        c,
        405,
        'PGRST105',
        "Filters must include all and only primary key columns with 'eq' operators",
      );
    }
    // Hosted Supabase runs pg-safeupdate: an UPDATE or DELETE without a WHERE clause is refused.
    const statement = c.req.method === 'PATCH' ? 'UPDATE' : 'DELETE';
    if (!filtered) return refuse(c, 400, '21000', `${statement} requires a WHERE clause`);
    const refused = await runAsRequest(
      c,
      statement === 'DELETE'
        ? `delete from public.${TABLE} where false`
        : `update public.${TABLE} set message = message where false`,
    );
    if (refused instanceof Response) return refused;
    return refuse(c, 403, '42501', `permission denied for table ${TABLE}`);
  });

  // A read goes to the database for its grants to refuse. Narrower than PostgREST: a read the
  // grants allow answers `[]`, and only the `public` schema is exposed.
  api.on(['GET', 'HEAD'], '/:table', async (c) => {
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
    const name = c.req.param('table');
    const found = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
      [name],
    );
    const table = found.rows[0]?.name;
    if (!table) return answer(c, missingTable(name));
    const refused = await runAsRequest(
      c,
      `select * from public."${table.replaceAll('"', '""')}" where false`,
    );
    if (refused instanceof Response) return refused;
    return c.json([]);
  });

  api.all('*', (c) => {
    const table = c.req.path.split('/').filter(Boolean).at(-1) ?? '';
    return answer(c, missingTable(table));
  });

  return api;
}
