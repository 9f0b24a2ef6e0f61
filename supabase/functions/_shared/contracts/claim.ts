import { COMMON_REFUSALS, refusalsOf, type Refusal } from './refusal.ts';

/**
 * One claim shape for the endpoints that claim within limits in the database (start-web-call:
 * public.web_call_claim, web_call_press and web_call_reserve; chat: public.web_chat_claim;
 * request-callback: public.callback_claim). Each answers `{outcome, ...}`, and a limit that
 * refuses answers alike for all: `limited` (built in SQL by private.claim_limited, or alike). The
 * functions refuse it alike: 429 `limited`, the limit named in the error body (`{code, message,
 * limit}`), and a Retry-After of its seconds; request-callback names no limit and waits an hour
 * whichever refused (./callback.ts).
 */

/** A claim refused by one of the endpoint's limits: whole seconds (at least 1) until it frees. */
export interface Limited<L extends string = string> {
  outcome: 'limited';
  limit: L;
  retry_after: number;
}

/** The id is another client's (a call's, a reservation's): refused as a bad request. */
export interface Conflict {
  outcome: 'conflict';
}

/**
 * A claim's answer as the database gave it, one of the endpoint's `outcomes`. Any other answer
 * (or a `limited` with no limit or seconds) throws, as a database that failed does.
 */
export function parseClaim<C extends { outcome: string }>(
  answer: unknown,
  outcomes: readonly C['outcome'][],
): C {
  const { outcome, limit, retry_after } = (answer ?? {}) as Record<string, unknown>;
  const limited =
    typeof limit === 'string' &&
    typeof retry_after === 'number' &&
    Number.isInteger(retry_after) &&
    retry_after >= 1;
  if (!outcomes.includes(outcome as C['outcome']) || (outcome === 'limited' && !limited))
    throw new Error(`the claim answered ${JSON.stringify(answer)}`);
  return answer as C;
}

/** A limited claim's refusal extras, the same at every endpoint: its limit, and Retry-After. */
export const retryAfter = ({ limit, retry_after }: Omit<Limited, 'outcome'>) => ({
  details: limit,
  headers: { 'Retry-After': String(retry_after) },
});

/** A claiming endpoint's refusals: the common ones, `limited` (429) in its words, and its own. */
export const claimRefusals = <const T extends Record<string, readonly [number, string]>>(
  limited: string,
  own: T,
) => refusalsOf({ ...COMMON_REFUSALS, limited: [429, limited] as const, ...own });

/**
 * A claiming endpoint's error body: `{code, message}`, and `limit` when the refusal names one; a
 * `bad_business` (./business.ts) names its field as `details`.
 */
export const limitErrorBody = ({ code, message, details }: Refusal) => ({
  code,
  message,
  ...(details ? (code === 'bad_business' ? { details } : { limit: details }) : {}),
});

/**
 * A 429's body as the page reads it: `spent` when it names one of `spent` (the limits of the
 * day's budget: the page points to the other ways), else `limited`.
 */
export const limitedKind = <L extends string>(body: unknown, spent: readonly L[]) =>
  spent.includes((body as { limit?: L } | null)?.limit as L) ? 'spent' : 'limited';
