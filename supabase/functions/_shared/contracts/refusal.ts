/**
 * What a contract says of its endpoint: its name, the largest body it reads, its parser, and
 * (when not `{code, message}`) the shape of its error body. The function adds the site's
 * origins and the bot check (../endpoint.ts).
 */
export interface EndpointContract<T> {
  name: string;
  /** The bot check's action (one per form): the widget is rendered with it, siteverify says it. */
  action?: string;
  maxBytes: number;
  parse: (body: Record<string, unknown>) => Parsed<T>;
  errorBody?: (refusal: Refusal) => unknown;
}

/**
 * How an endpoint's parser answers: the value it read, or a refusal the function sends as is.
 * Every contract in this folder parses with this shape, and the functions' opening
 * (../endpoint.ts) turns a refusal into the answer.
 */

export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** Which fields were wrong, for an answer shaped as the data API's. */
  details?: string | null;
  headers?: Record<string, string>;
}

export type Parsed<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

export const refuse = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
): { ok: false } & Refusal => ({ ok: false, status, code, message, details });

/** The refusals every endpoint shares, in every table below. */
export const COMMON_REFUSALS = {
  bad_request: [400, 'The request was not understood.'],
  captcha_failed: [403, 'The bot check did not pass. Please try again.'],
} as const;

/**
 * A server-to-server endpoint's refusal of a request without its shared secret (vapi-events):
 * the function's own answer, which check:live tells from the gateway's key check by its code.
 */
export const UNAUTHORIZED = { status: 401, code: 'unauthorized', message: 'Unauthorized' } as const;

/**
 * An endpoint's refusals from its table of codes (each its status and the function's words):
 * `refusal(code)`, with `details` and `headers` (a Retry-After) when it has them.
 */
export function refusalsOf<const T extends Record<string, readonly [number, string]>>(table: T) {
  return (
    code: keyof T & string,
    extra: { details?: string | null; headers?: Record<string, string> } = {},
  ) => ({
    ...refuse(table[code]![0], code, table[code]![1], extra.details ?? null),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}

/** Takes the body as it comes: for an endpoint that reads its fields itself, or none. */
export const anyBody = (body: Record<string, unknown>): Parsed<Record<string, unknown>> => ({
  ok: true,
  value: body,
});
