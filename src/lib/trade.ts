import { createContext, useContext } from 'react';
import { trades, type TradeWords } from '@/content/trades';
import { loadOnce } from './load-once';

/** A trade as src/content/trades/index.ts lists it (its words not loaded). */
export type TradeEntry = (typeof trades)[number];

/** One trade's page: its entry and its words (src/content/trades/). */
export type Trade = Omit<TradeEntry, 'words'> & TradeWords;

/** The trade whose page is shown; null on / and the other pages. */
export const TradeContext = createContext<Trade | null>(null);

export const useTrade = (): Trade | null => useContext(TradeContext);

/** The trade a path is the page of, or null. */
export function tradeOfPath(pathname: string): TradeEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/(index\.html)?$/, '') : pathname;
  return trades.find((trade) => trade.path === path) ?? null;
}

const loaded = new Map<TradeEntry['slug'], Trade>();
const loaders = new Map(
  trades.map((entry) => {
    const load = loadOnce(async () => {
      const { words, ...rest } = entry;
      const trade: Trade = { ...rest, ...(await words()).default };
      loaded.set(entry.slug, trade);
      return trade;
    });
    return [entry.slug, load] as const;
  }),
);

/**
 * Loads a trade's words (its own chunk in the browser): once, shared by every caller; a failed
 * load is tried afresh next time.
 */
export const loadTrade = (entry: TradeEntry): Promise<Trade> => loaders.get(entry.slug)!();

/** The trade with its words if they have loaded, or null (then `loadTrade`). */
export const loadedTrade = (entry: TradeEntry): Trade | null => loaded.get(entry.slug) ?? null;

/**
 * The `trade` of the page the visitor is on, for what leaves the page (a call's or a chat's
 * variable values, Call my phone's variables, a lead): null off the trade pages.
 */
export function currentTrade(): TradeEntry['slug'] | null {
  return typeof window === 'undefined'
    ? null
    : (tradeOfPath(window.location.pathname)?.slug ?? null);
}
