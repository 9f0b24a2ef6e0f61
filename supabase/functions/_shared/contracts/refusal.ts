export interface EndpointContract<T> {
  name: string;
  /** The bot check's action: the widget is rendered with it, siteverify answers it. */
  action?: string;
  maxBytes: number;
  parse: (body: Record<string, unknown>) => Parsed<T>;
  /** Unset: `{code, message}`. */
  errorBody?: (refusal: Refusal) => unknown;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
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

export const COMMON_REFUSALS = {
  bad_request: [400, 'The request was not understood.'],
  captcha_failed: [403, 'The bot check did not pass. Please try again.'],
} as const;

/** check:live tells it from the gateway's key check by its code. */
export const UNAUTHORIZED = { status: 401, code: 'unauthorized', message: 'Unauthorized' } as const;

export function refusalsOf<const T extends Record<string, readonly [number, string]>>(table: T) {
  return (
    code: keyof T & string,
    extra: { details?: string | null; headers?: Record<string, string> } = {},
  ) => ({
    ...refuse(table[code]![0], code, table[code]![1], extra.details ?? null),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });
}

export const anyBody = (value: Record<string, unknown>) => ({ ok: true as const, value });
