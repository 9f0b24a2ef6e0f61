import { z } from 'zod';

/**
 * How PostgREST turns a database error into an HTTP answer: its table, from
 * https://docs.postgrest.org/en/stable/references/errors.html, first match wins.
 */

export interface PostgrestAnswer {
  status: number;
  body: { code: string; message: string; details: string | null; hint: string | null };
  headers: Record<string, string>;
}

/** [SQLSTATE, or a prefix ending in "*"; HTTP status]. */
export const PG_ERROR_STATUS: readonly (readonly [string, number])[] = [
  ['08*', 503], // pg connection err
  ['09*', 500], // triggered action exception
  ['0L*', 403], // invalid grantor
  ['0P*', 403], // invalid role specification
  ['23503', 409], // foreign key violation
  ['23505', 409], // uniqueness violation
  ['25006', 405], // read only sql transaction
  ['25*', 500], // invalid transaction state
  ['28*', 403], // invalid auth specification
  ['2D*', 500], // invalid transaction termination
  ['38*', 500], // external routine exception
  ['39*', 500], // external routine invocation
  ['3B*', 500], // savepoint exception
  ['40*', 500], // transaction rollback
  ['53400', 500], // config limit exceeded
  ['53*', 503], // insufficient resources
  ['54*', 500], // too complex
  ['55*', 500], // obj not in prerequisite state
  ['57*', 500], // operator intervention
  ['58*', 500], // system error
  ['F0*', 500], // config file error
  ['HV*', 500], // foreign data wrapper error
  ['P0001', 400], // default code for "raise"
  ['P0*', 500], // PL/pgSQL error
  ['XX*', 500], // internal error
  ['42883', 404], // undefined function
  ['42P01', 404], // undefined table
  ['42P17', 500], // infinite recursion
  ['42501', 401], // insufficient privileges: 401 for anon (403 once authenticated)
];
export const DEFAULT_PG_ERROR_STATUS = 400;

/** For a request as anon. `PTxyz` is a code a function raises to choose status xyz. */
export function statusForPgCode(code: string): number {
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  const row = PG_ERROR_STATUS.find(([pattern]) =>
    pattern.endsWith('*') ? code.startsWith(pattern.slice(0, -1)) : code === pattern,
  );
  return row ? row[1] : DEFAULT_PG_ERROR_STATUS;
}

interface DatabaseErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** undefined: not JSON. */
export function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

// (Aeson's `.:?` takes a missing key and null alike.)
const RAISED_MESSAGE = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().nullish(),
  hint: z.string().nullish(),
});
const RAISED_DETAIL = z.object({
  // (PostgREST takes any integer; a Response can only carry 200-599: narrower here.)
  status: z.int().min(200).max(599),
  headers: z.record(z.string(), z.string()),
});

/**
 * PostgREST's answer to `raise sqlstate 'PGRST'`: the message is the JSON body, the detail the
 * `status` and `headers` (strings only). Anything else is PostgREST's own 500 PGRST121.
 */
export function fromRaisedResponse(e: DatabaseErrorLike): PostgrestAnswer {
  const message = RAISED_MESSAGE.safeParse(parseJson(e.message));
  const detail = RAISED_DETAIL.safeParse(parseJson(e.detail));
  if (message.success && detail.success) {
    const { code, details, hint } = message.data;
    return {
      status: detail.data.status,
      body: { code, message: message.data.message, details: details ?? null, hint: hint ?? null },
      headers: detail.data.headers,
    };
  }
  return {
    status: 500,
    body: {
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details: !message.success
        ? `Invalid JSON value for MESSAGE: '${e.message ?? ''}'`
        : e.detail === undefined
          ? 'DETAIL is missing in the RAISE statement'
          : `Invalid JSON value for DETAIL: '${e.detail}'`,
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'. DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    },
    headers: {},
  };
}

export function fromDatabaseError(error: unknown): PostgrestAnswer {
  const e = (error ?? {}) as DatabaseErrorLike;
  const code = e.code ?? 'XX000';
  if (code === 'PGRST') return fromRaisedResponse(e);
  return {
    status: statusForPgCode(code),
    body: {
      code,
      message: e.message ?? 'Unknown database error',
      details: e.detail ?? null,
      hint: e.hint ?? null,
    },
    headers: {},
  };
}

export function refusal(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): PostgrestAnswer {
  return { status, body: { code, message, details, hint }, headers: {} };
}
