/** Tests only: trades of site.config.ts, whichever the owner configured. */
import { TRADES, type TradeSlug } from '../contracts/origin.ts';

/**
 * The first two trades' slugs, for a test that needs a trade the functions take, or two different
 * ones. A configuration of fewer trades fails the test that asks, saying so.
 */
export function twoTrades(): readonly [TradeSlug, TradeSlug] {
  const [first, second] = TRADES;
  if (!first || !second) throw new Error('This test needs two trades in site.config.ts.');
  return [first, second];
}

/** A slug no configuration has: a trade the functions refuse. */
export const NOT_A_TRADE = 'not-a-trade';
