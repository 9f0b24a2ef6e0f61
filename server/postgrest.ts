import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestHeadersForDatabase } from './client-address';
import { asRequest } from './request-role';

/**
 * The part of PostgREST's contract (Supabase's data API) that supabase-js uses to insert a
 * contact submission, over the embedded Postgres. Every request runs as PostgREST runs it (as
 * authenticator switched to `anon`, with the request's headers and claims set), so the
 * migrations' grants, policies, CHECK constraints and triggers decide, as they do when hosted.
 * What the stand-in does not implement is refused the way hosted Supabase refuses it for anon.
 */

const TABLE = 'contact_submissions';
/** The columns of contact_submissions a request may name (all of them, for anon: INSERT). */
export const CONTACT_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'message',
  'created_at',
  'page',
  'utm',
  'estimate',
  'demo_call',
] as const;
const COLUMNS = new Set<string>(CONTACT_COLUMNS);
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A too-large body is refused before it is read, so the rest of it is still on the socket: the
 * answer closes the connection (as gateways do), or the client's next request on that
 * keep-alive connection would be read from the middle of the unread body and cut.
 */
export const CLOSE_CONNECTION = { Connection: 'close' } as const;

interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** The statuses this stand-in answers with (a raised 'PGRST' error may name any of them). */
const STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 429, 500] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: number): value is Status =>
  (STATUSES as readonly number[]).includes(value);

function fail(
  c: Context,
  status: Status,
  body: PostgrestErrorBody,
  headers: Record<string, string> = {},
) {
  return c.json(body, status, headers);
}

interface DatabaseErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** PostgREST's mapping from a Postgres error code to an HTTP status (for the anon role). */
export function statusForPgCode(code: string): Status {
  if (code === '23505' || code === '23503') return 409;
  if (code === '42501') return 401;
  if (code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code.startsWith('22') || code.startsWith('23')) return 400;
  if (code === '42703' || code === '42804' || code === '42883') return 400;
  return 500;
}

/**
 * PostgREST's answer to `raise sqlstate 'PGRST'`: the message is the JSON body, the detail holds
 * the status and headers. Malformed, it is PostgREST's own PGRST121 error (500).
 */
export function fromRaisedResponse(e: DatabaseErrorLike): {
  status: Status;
  body: PostgrestErrorBody;
  headers: Record<string, string>;
} {
  try {
    const body = JSON.parse(e.message ?? '') as Partial<PostgrestErrorBody>;
    const detail = JSON.parse(e.detail ?? '') as { status?: unknown; headers?: unknown };
    const status = Number(detail.status);
    if (!isStatus(status)) throw new Error(`status ${String(detail.status)}`);
    const headers =
      typeof detail.headers === 'object' && detail.headers !== null
        ? Object.fromEntries(Object.entries(detail.headers).map(([k, v]) => [k, String(v)]))
        : {};
    return {
      status,
      body: {
        code: String(body.code ?? ''),
        message: String(body.message ?? ''),
        details: body.details ?? null,
        hint: body.hint ?? null,
      },
      headers,
    };
  } catch {
    return {
      status: 500,
      body: {
        code: 'PGRST121',
        message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        details: e.message ?? null,
        hint: null,
      },
      headers: {},
    };
  }
}

function fromDatabaseError(c: Context, error: unknown) {
  const e = (error ?? {}) as DatabaseErrorLike;
  const code = e.code ?? 'XX000';
  if (code === 'PGRST') {
    const raised = fromRaisedResponse(e);
    return fail(c, raised.status, raised.body, raised.headers);
  }
  return fail(c, statusForPgCode(code), {
    code,
    message: e.message ?? 'Unknown database error',
    details: e.detail ?? null,
    hint: e.hint ?? null,
  });
}

/** Runs `sql` as PostgREST would for this request: as anon, with its headers. */
function runAsAnon(c: Context, db: PGlite, sql: string, params: unknown[] = []) {
  return asRequest(
    db,
    { method: c.req.method, path: c.req.path, headers: requestHeadersForDatabase(c) },
    (tx) => tx.query(sql, params),
  );
}

/** Query parameters that are not row filters in PostgREST. */
const NOT_FILTERS = new Set(['select', 'columns', 'order', 'limit', 'offset', 'on_conflict']);

export interface InsertedRow {
  id: string;
  name: string;
  email: string;
}

export interface RestApiOptions {
  db: PGlite;
  anonKey: string;
  /** Called after rows are committed (the terminal log of new leads). */
  onInsert?: (rows: InsertedRow[]) => void;
}

/** The key must come in `apikey` or `Authorization: Bearer`, and every copy sent must be right. */
function hasValidKey(c: Context, anonKey: string): boolean {
  const sent = [c.req.header('apikey'), c.req.header('authorization')?.replace(/^Bearer\s+/i, '')];
  const present = sent.filter((value): value is string => value !== undefined);
  return present.length > 0 && present.every((value) => value === anonKey);
}

export function createRestApi({ db, anonKey, onInsert }: RestApiOptions): Hono {
  const api = new Hono();

  // Like Supabase, the data API answers browsers from any origin; the key and RLS guard it.
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
    if (!hasValidKey(c, anonKey)) {
      return fail(c, 401, {
        code: 'PGRST301',
        message: 'Invalid API key',
        details: null,
        hint: 'Double check your Supabase anon key.',
      });
    }
    return next();
  });

  api.post(
    `/${TABLE}`,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(
          c,
          413,
          {
            code: 'PGRST413',
            message: `Request body larger than ${MAX_BODY_BYTES} bytes`,
            details: null,
            hint: null,
          },
          CLOSE_CONNECTION,
        ),
    }),
    async (c) => {
      const contentType = c.req.header('content-type') ?? '';
      if (!contentType.toLowerCase().startsWith('application/json')) {
        return fail(c, 415, {
          code: 'PGRST107',
          message: `Content-Type not acceptable: ${contentType || '(none)'}`,
          details: null,
          hint: 'Send application/json.',
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return fail(c, 400, {
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        });
      }
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
        return fail(c, 400, {
          code: 'PGRST102',
          message: 'All object keys must match',
          details: 'Each row must be a JSON object.',
          hint: null,
        });
      }
      if (rows.length === 0) return c.body(null, 201);

      const requested = c.req.query('columns');
      const columns = requested
        ? requested.split(',').map((name) => name.trim().replace(/^"|"$/g, ''))
        : [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
      const unknown = columns.find((name) => !COLUMNS.has(name));
      if (unknown !== undefined) {
        return fail(c, 400, {
          code: 'PGRST204',
          message: `Could not find the '${unknown}' column of '${TABLE}' in the schema cache`,
          details: null,
          hint: null,
        });
      }
      if (columns.length === 0) {
        return fail(c, 400, {
          code: 'PGRST102',
          message: 'Empty or invalid json',
          details: null,
          hint: null,
        });
      }

      // As PostgREST does: the JSON is turned into rows of the table's type by Postgres itself,
      // so types, constraints and policies are checked by the database, not by this code.
      const list = columns.map((name) => `"${name}"`).join(', ');
      const prefer = c.req.header('prefer') ?? '';
      const wantsRows = prefer.includes('return=representation');
      const sql =
        `insert into public.${TABLE} (${list}) ` +
        `select ${list} from json_populate_recordset(null::public.${TABLE}, $1::json)` +
        onConflictClause(c.req.query('on_conflict'), prefer, columns) +
        (wantsRows ? ' returning *' : '');
      try {
        await runAsAnon(c, db, sql, [JSON.stringify(rows)]);
      } catch (error) {
        return fromDatabaseError(c, error);
      }
      onInsert?.(rows as InsertedRow[]);
      c.header('Content-Range', `*/*`);
      return c.body(null, 201);
    },
  );

  // Reads, updates and deletes go to the database as anon too, and are refused by its grants:
  // there is no path by which the API returns or changes a stored lead. The statements match
  // no row (`where false`), so even loosened grants could not make them change anything.
  const refusedStatements: Record<string, string> = {
    GET: `select * from public.${TABLE} where false`,
    HEAD: `select * from public.${TABLE} where false`,
    PATCH: `update public.${TABLE} set message = message where false`,
    PUT: `update public.${TABLE} set message = message where false`,
    DELETE: `delete from public.${TABLE} where false`,
  };
  api.on(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'], `/${TABLE}`, async (c) => {
    const filtered = Object.keys(c.req.query()).some((name) => !NOT_FILTERS.has(name));
    // Hosted Supabase runs pg-safeupdate: an UPDATE or DELETE without a WHERE clause is refused.
    if (!filtered && (c.req.method === 'PATCH' || c.req.method === 'DELETE')) {
      return fail(c, 400, {
        code: '21000',
        message: `${c.req.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
        details: null,
        hint: null,
      });
    }
    if (!filtered && c.req.method === 'PUT') {
      return fail(c, 405, {
        code: 'PGRST105',
        message: "Filters must include all and only primary key columns with 'eq' operators",
        details: null,
        hint: null,
      });
    }
    const sql = refusedStatements[c.req.method] ?? refusedStatements.GET!;
    try {
      await runAsAnon(c, db, sql);
    } catch (error) {
      return fromDatabaseError(c, error);
    }
    // Reached only if the grants were ever loosened: still never hand rows out.
    return fail(c, 403, {
      code: '42501',
      message: `permission denied for table ${TABLE}`,
      details: null,
      hint: null,
    });
  });

  api.all('*', (c) =>
    fail(c, 404, {
      code: 'PGRST205',
      message: `Could not find the table 'public.${c.req.path.split('/').filter(Boolean).at(-1) ?? ''}' in the schema cache`,
      details: null,
      hint: null,
    }),
  );

  return api;
}

/**
 * An upsert (`on_conflict=`, `Prefer: resolution=`) as PostgREST writes it. The database refuses
 * it for anon (ON CONFLICT needs SELECT on the conflict columns, which anon lacks): 401.
 */
function onConflictClause(onConflict: string | undefined, prefer: string, columns: string[]) {
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
