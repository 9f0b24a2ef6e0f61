import { createContext, useContext } from 'react';
import type { AgentVariables } from '@shared/contracts/origin.ts';
import { trades } from '@/content/trades';
import { visitEstimate } from './visit';

/** One trade's page: its words and its `trade` for the agent (src/content/trades.ts). */
export type Trade = (typeof trades)[number];

/** The trade whose page is shown; null on / and the other pages. */
export const TradeContext = createContext<Trade | null>(null);

export const useTrade = (): Trade | null => useContext(TradeContext);

/** The trade a path is the page of, or null. */
export function tradeOfPath(pathname: string): Trade | null {
  const path = pathname.length > 1 ? pathname.replace(/\/(index\.html)?$/, '') : pathname;
  return trades.find((trade) => trade.path === path) ?? null;
}

/**
 * The `trade` of the page the visitor is on, for what leaves the page (a call's or a chat's
 * variable values, Call my phone's variables, a lead): null off the trade pages.
 */
export function currentTrade(): Trade['slug'] | null {
  return typeof window === 'undefined'
    ? null
    : (tradeOfPath(window.location.pathname)?.slug ?? null);
}

/**
 * What the agent is told of this visit when a call, a chat or Call my phone starts: the
 * calculator's numbers when it shows an estimate, and the trade of the page; null when neither.
 */
export function agentVariables(): AgentVariables | null {
  const trade = currentTrade();
  const variables: AgentVariables = { ...visitEstimate(), ...(trade ? { trade } : {}) };
  return Object.keys(variables).length > 0 ? variables : null;
}
