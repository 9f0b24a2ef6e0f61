import { describe, expect, it } from 'vitest';
import { parseTrade, TRADES } from '@shared/contracts/origin.ts';
import { callSamples } from '../call-samples';
import { trades } from './index';

describe("the site's trades", () => {
  it('has one entry per slug of TRADES, the list the functions read, and no other', () => {
    expect(trades.map((trade) => trade.slug).sort()).toEqual([...TRADES].sort());
  });

  it("names each trade in its page's h1 (its heading keyword in the headline)", async () => {
    for (const trade of trades) {
      const { hero } = (await trade.words()).default;
      expect(hero.headline.toLowerCase(), trade.slug).toContain(trade.headingKeyword);
    }
  });

  it("keeps each trade page's slug on the wire, and no other", () => {
    for (const trade of trades) expect(parseTrade(trade.slug)).toBe(trade.slug);
    expect(parseTrade('not-a-trade')).toBeNull();
  });

  it('has a sample call for each trade (its transcript named in call-samples.ts)', () => {
    expect(trades.filter((trade) => !callSamples[trade.slug]).map((trade) => trade.slug)).toEqual(
      [],
    );
  });
});
