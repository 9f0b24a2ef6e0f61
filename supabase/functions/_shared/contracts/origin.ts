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

export type Utm = Partial<Record<UtmKey, string>>;

/** A whole number of dollars within [0, ESTIMATE_MAX] (rounded), else null. */
export function parseEstimate(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= ESTIMATE_MAX
    ? Math.round(value)
    : null;
}

/** The calculator's values, each by parseEstimate's rule; null when none is left. */
export function parseVariables(value: unknown): EstimateVariables | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const kept = Object.fromEntries(
    ESTIMATE_VARIABLES.flatMap((key) => {
      const number = parseEstimate(raw[key]);
      return number === null ? [] : [[key, number]];
    }),
  ) as EstimateVariables;
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A path on this site (lead-rules.ts), else null. */
export const parsePage = (value: unknown): string | null =>
  typeof value === 'string' && isSameSitePath(value) ? value : null;

/** The visit's id (a UUID kept for the tab's session), else null. */
export const parseVisitId = (value: unknown): string | null => (isUuid(value) ? value : null);

/** Only the five utm_* keys, each bounded (lead-rules.ts). */
export const parseUtm = (value: unknown): Utm | null => cleanUtm(value);
