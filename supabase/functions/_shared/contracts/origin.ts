import { isUuid } from '../http.ts';
import { cleanUtm, isSameSitePath, type UtmKey } from '../lead-rules.ts';

/**
 * Where a visitor came from and what the calculator showed: the values a lead, a callback and
 * a web call carry on the wire, each with its one parser and its one bound. The page sends
 * them, the functions and the database keep them within these bounds.
 */

/** The largest estimate (whole dollars a month) kept anywhere; above it, none is kept. */
export const ESTIMATE_MAX = 1_000_000_000;

/** The calculator's inputs and estimate, as the agent is told them (variableValues). */
export const ESTIMATE_VARIABLES = ['leads', 'value', 'delay', 'rate', 'estimate'] as const;
export type EstimateVariables = Partial<Record<(typeof ESTIMATE_VARIABLES)[number], number>>;

/** The agent's variables: the calculator's numbers, and the trade of the page it was asked from. */
export type AgentVariables = EstimateVariables & { trade?: string };

/** A trade's name as the agent, the leads and the reports carry it (`solar`, `real-estate`). */
const TRADE = /^[a-z]+(?:-[a-z]+)*$/;
export const TRADE_MAX = 40;

/** A trade's name (lowercase words joined by hyphens, at most TRADE_MAX), else null. */
export function parseTrade(value: unknown): string | null {
  return typeof value === 'string' && value.length <= TRADE_MAX && TRADE.test(value) ? value : null;
}

export type Utm = Partial<Record<UtmKey, string>>;

/** A whole number of dollars within [0, ESTIMATE_MAX] (rounded), else null. */
export function parseEstimate(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= ESTIMATE_MAX
    ? Math.round(value)
    : null;
}

/** The calculator's values, each by parseEstimate's rule, and the trade; null when none is left. */
export function parseVariables(value: unknown): AgentVariables | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const trade = parseTrade(raw.trade);
  const kept = {
    ...Object.fromEntries(
      ESTIMATE_VARIABLES.flatMap((key) => {
        const number = parseEstimate(raw[key]);
        return number === null ? [] : [[key, number]];
      }),
    ),
    ...(trade ? { trade } : {}),
  } as AgentVariables;
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A path on this site (lead-rules.ts), else null. */
export const parsePage = (value: unknown): string | null =>
  typeof value === 'string' && isSameSitePath(value) ? value : null;

/** The visit's id (a UUID kept for the tab's session), else null. */
export const parseVisitId = (value: unknown): string | null => (isUuid(value) ? value : null);

/** Only the five utm_* keys, each bounded (lead-rules.ts). */
export const parseUtm = (value: unknown): Utm | null => cleanUtm(value);
