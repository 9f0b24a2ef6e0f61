import { isObject, parseJson, refusal, type PostgrestAnswer } from './postgrest-errors';

/**
 * A PostgREST insert request as one SQL statement: Postgres itself turns the rows into the
 * table's type, so the database checks types, constraints and policies, as behind PostgREST.
 */

export interface InsertRequest {
  table: string;
  columns: ReadonlySet<string>;
  contentType: string;
  body: string;
  columnsParam?: string;
  onConflict?: string;
  prefer: string;
}

export type ParsedInsert =
  | { ok: true; empty: true }
  | { ok: true; empty: false; sql: string; params: unknown[]; rows: Record<string, unknown>[] }
  | { ok: false; answer: PostgrestAnswer };

const refused = (...why: Parameters<typeof refusal>) =>
  ({ ok: false, answer: refusal(...why) }) as const;
const invalidBody = () => refused(400, 'PGRST102', 'Empty or invalid json');

export function parseInsert(request: InsertRequest): ParsedInsert {
  const { table, contentType } = request;
  if (!contentType.toLowerCase().startsWith('application/json')) {
    return refused(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${contentType || '(none)'}`,
      null,
      'Send application/json.',
    );
  }
  const body = parseJson(request.body);
  if (body === undefined) return invalidBody();
  const rows: unknown[] = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) {
    return refused(
      400,
      'PGRST102',
      'All object keys must match',
      'Each row must be a JSON object.',
    );
  }
  if (rows.length === 0) return { ok: true, empty: true };

  const columns = request.columnsParam
    ? request.columnsParam.split(',').map((name) => name.trim().replace(/^"|"$/g, ''))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const unknown = columns.find((name) => !request.columns.has(name));
  if (unknown !== undefined) {
    return refused(
      400,
      'PGRST204',
      `Could not find the '${unknown}' column of '${table}' in the schema cache`,
    );
  }
  if (columns.length === 0) return invalidBody();

  const list = columns.map((name) => `"${name}"`).join(', ');
  const wantsRows = request.prefer.includes('return=representation');
  const sql =
    `insert into public.${table} (${list}) ` +
    `select ${list} from json_populate_recordset(null::public.${table}, $1::json)` +
    onConflictClause(request, columns) +
    (wantsRows ? ' returning *' : '');
  return { ok: true, empty: false, sql, params: [JSON.stringify(rows)], rows };
}

/** The database refuses an upsert for anon: ON CONFLICT needs SELECT on the conflict columns. */
function onConflictClause(request: InsertRequest, columns: string[]): string {
  const resolution = /resolution=(merge|ignore)-duplicates/.exec(request.prefer)?.[1];
  if (request.onConflict === undefined && resolution === undefined) return '';
  const target = (request.onConflict ?? 'id')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => request.columns.has(name));
  if (target.length === 0) target.push('id');
  const on = ` on conflict (${target.map((name) => `"${name}"`).join(', ')})`;
  if (resolution === 'ignore') return `${on} do nothing`;
  return `${on} do update set ${columns.map((name) => `"${name}" = excluded."${name}"`).join(', ')}`;
}
