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
