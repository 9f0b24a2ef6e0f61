import { trades, type TradeEntry } from '@/content/trades';

/**
 * The first two trades of site.config.ts, whichever they are, for a test that needs a trade's
 * page, or two different ones. A configuration of fewer trades fails the test that asks, saying so.
 */
export function twoTrades(): readonly [TradeEntry, TradeEntry] {
  const [first, second] = trades;
  if (!first || !second) throw new Error('This test needs two trades in site.config.ts.');
  return [first, second];
}
