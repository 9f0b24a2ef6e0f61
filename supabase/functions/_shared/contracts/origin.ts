import { isUuid } from '../http.ts';
import { cleanUtm, isSameSitePath, type UtmKey } from '../lead-rules.ts';
import { CALCULATOR_ESTIMATE_MAX, CALCULATOR_FIELDS, CALCULATOR_MAX } from './calculator-bounds.ts';

/**
 * Where a visitor came from and what the calculator showed: the values a lead, a callback and
 * a web call carry on the wire, each with its one parser and its one bound. The page sends
 * them, the functions and the database keep them within these bounds.
 */

/**
 * The largest estimate (whole dollars a month) the database keeps anywhere (its CHECK
 * constraints); the calculator's largest (CALCULATOR_ESTIMATE_MAX) is within it.
 */
export const ESTIMATE_MAX = 1_000_000_000;

/** The calculator's inputs and estimate, as the agent is told them (variableValues). */
export const ESTIMATE_VARIABLES = [...CALCULATOR_FIELDS, 'estimate'] as const;
export type EstimateVariables = Partial<Record<(typeof ESTIMATE_VARIABLES)[number], number>>;

/** Each of the calculator's numbers at most its bound (calculator-bounds.ts). */
const VARIABLE_MAX: Record<(typeof ESTIMATE_VARIABLES)[number], number> = {
  ...CALCULATOR_MAX,
  estimate: CALCULATOR_ESTIMATE_MAX,
};

/** The agent's variables: the calculator's numbers, and the trade of the page it was asked from. */
export type AgentVariables = EstimateVariables & { trade?: TradeSlug };

/**
 * The site's trades: the slug of each trade page (src/content/trades/index.ts is typed against
 * this list, one entry per slug). What the agent, the leads and the reports carry as `trade`.
 * Adding a trade is its slug here, its entry and its words there; the database keeps only the
 * shape (lowercase words joined by hyphens, at most 40 characters), so it needs no migration.
 */
export const TRADES = ['solar', 'real-estate', 'home-services'] as const;
export type TradeSlug = (typeof TRADES)[number];

/** One of the site's trades (TRADES), else null: a made-up trade is kept as none. */
export function parseTrade(value: unknown): TradeSlug | null {
  return typeof value === 'string' && (TRADES as readonly string[]).includes(value)
    ? (value as TradeSlug)
    : null;
}

export type Utm = Partial<Record<UtmKey, string>>;

/** A number within [0, max], rounded to a whole one, else null. */
function wholeWithin(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max
    ? Math.round(value)
    : null;
}

/** A whole number of dollars within the calculator's largest estimate (rounded), else null. */
export const parseEstimate = (value: unknown): number | null =>
  wholeWithin(value, VARIABLE_MAX.estimate);

/**
 * The calculator's values, each a whole number (rounded) within its own bound, and the trade;
 * null when none is left.
 */
export function parseVariables(value: unknown): AgentVariables | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const trade = parseTrade(raw.trade);
  const kept = {
    ...Object.fromEntries(
      ESTIMATE_VARIABLES.flatMap((key) => {
        const number = wholeWithin(raw[key], VARIABLE_MAX[key]);
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
