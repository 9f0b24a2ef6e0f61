import { createContext, useContext } from 'react';
import { trades, type TradeWords } from '@/content/trades';
import { loadOnce } from './load-once';

export type TradeEntry = (typeof trades)[number];

export type Trade = Omit<TradeEntry, 'words'> & TradeWords;

export const TradeContext = createContext<Trade | null>(null);

export const useTrade = (): Trade | null => useContext(TradeContext);

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

/** One chunk per trade in the browser, loaded once; a failed load is tried afresh next time. */
export const loadTrade = (entry: TradeEntry): Promise<Trade> => loaders.get(entry.slug)!();

export const loadedTrade = (entry: TradeEntry): Trade | null => loaded.get(entry.slug) ?? null;

/** What leaves the page with a call, chat or lead: null off the trade pages. */
export function currentTrade(): TradeEntry['slug'] | null {
  return typeof window === 'undefined'
    ? null
    : (tradeOfPath(window.location.pathname)?.slug ?? null);
}
