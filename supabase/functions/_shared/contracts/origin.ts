import { site } from '../../../../site.config.ts';
import { isUuid } from '../http.ts';
import { cleanUtm, isSameSitePath, type UtmKey } from '../lead-rules.ts';
import { CALCULATOR_ESTIMATE_MAX, CALCULATOR_FIELDS, CALCULATOR_MAX } from './calculator-bounds.ts';

/** Where a visitor came from and what the calculator showed, each with its one bound. */

/** The database's CHECK bound, in whole dollars a month. */
export const ESTIMATE_MAX = 1_000_000_000;

export const ESTIMATE_VARIABLES = [...CALCULATOR_FIELDS, 'estimate'] as const;
export type EstimateVariables = Partial<Record<(typeof ESTIMATE_VARIABLES)[number], number>>;

const VARIABLE_MAX: Record<(typeof ESTIMATE_VARIABLES)[number], number> = {
  ...CALCULATOR_MAX,
  estimate: CALCULATOR_ESTIMATE_MAX,
};

export type AgentVariables = EstimateVariables & { trade?: TradeSlug };

/**
 * The trade pages' slugs, site.config.ts's. The database checks only the shape, so adding a
 * trade needs no migration.
 */
export const TRADES: readonly string[] = site.trades.map((trade) => trade.slug);
/** A trade's slug, one of site.config.ts's (parseTrade checks). */
export type TradeSlug = string;

export function parseTrade(value: unknown): TradeSlug | null {
  return typeof value === 'string' && TRADES.includes(value) ? (value as TradeSlug) : null;
}

export type Utm = Partial<Record<UtmKey, string>>;

function wholeWithin(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max
    ? Math.round(value)
    : null;
}

export const parseEstimate = (value: unknown): number | null =>
  wholeWithin(value, VARIABLE_MAX.estimate);

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

export const parsePage = (value: unknown): string | null =>
  typeof value === 'string' && isSameSitePath(value) ? value : null;

export const parseVisitId = (value: unknown): string | null => (isUuid(value) ? value : null);

export const parseUtm = (value: unknown): Utm | null => cleanUtm(value);
