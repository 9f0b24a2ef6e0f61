import { COMMON_REFUSALS, refusalsOf, type Refusal } from './refusal.ts';

/** The database's claims answer `{outcome, ...}`; a refusing limit is `limited` for all. */
export interface Limited<L extends string = string> {
  outcome: 'limited';
  limit: L;
  retry_after: number;
}

/** The id is another client's. */
export interface Conflict {
  outcome: 'conflict';
}

/** Any other answer throws, as a database that failed does. */
export function parseClaim<C extends { outcome: string }>(
  answer: unknown,
  outcomes: readonly C['outcome'][],
): C {
  const { outcome, limit, retry_after } = (answer ?? {}) as Record<string, unknown>;
  const limited =
    typeof limit === 'string' && Number.isInteger(retry_after) && Number(retry_after) >= 1;
  if (!outcomes.includes(outcome as C['outcome']) || (outcome === 'limited' && !limited))
    throw new Error(`the claim answered ${JSON.stringify(answer)}`);
  return answer as C;
}

export const retryAfter = ({ limit, retry_after }: Omit<Limited, 'outcome'>) => ({
  details: limit,
  headers: { 'Retry-After': String(retry_after) },
});

export const claimRefusals = <const T extends Record<string, readonly [number, string]>>(
  limited: string,
  own: T,
) => refusalsOf({ ...COMMON_REFUSALS, limited: [429, limited] as const, ...own });

export const limitErrorBody = ({ code, message, details }: Refusal) => ({
  code,
  message,
  ...(details ? (code === 'bad_business' ? { details } : { limit: details }) : {}),
});

/** `spent`: a day's budget, for which the page points to the other ways. */
export const limitedKind = <L extends string>(body: unknown, spent: readonly L[]) =>
  spent.includes((body as { limit?: L } | null)?.limit as L) ? 'spent' : 'limited';
