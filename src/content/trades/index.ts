// One page per trade in site.config.ts (`/<slug>`), with its words in ./<slug>.ts beside this
// file: its page, metadata, sitemap line, link on /, call sample and `trade` variable for the
// agent all follow the config's list. A trade left out of the config has none of them.
//
// Why the words sit in their own files: each trade page fetches only its own words (with the
// app's script, after the first paint), so no page carries the others' words, and / carries none.

import type { TradeSlug } from '@shared/contracts/origin.ts';
import { site } from '../../../site.config';

/** What a trade's page says in the trade's words (the rest of the page is /'s). */
export interface TradeWords {
  seo: { title: string; description: string };
  hero: { eyebrow: string; headline: string; lead: string };
  calculator: { intro: string; placeholders: Record<'leads' | 'value' | 'delay' | 'rate', string> };
  services: { intro: string };
  afterHours: { heading: string; body: string };
  /** The name of the testimonial shown first (content/testimonials.ts). */
  testimonialFirst: string;
}

export interface TradeEntry {
  /** What the agent, the leads and the reports call the trade (`trade`). */
  slug: TradeSlug;
  /** The page's path. */
  path: `/${TradeSlug}`;
  /** How the link on / and the call samples name the trade. */
  name: string;
  /**
   * The words the page's h1 (`hero.headline`) must hold, as a search for the trade would type
   * them: search engines weigh the heading (trades.test.ts, e2e/trades.spec.ts).
   */
  headingKeyword: string;
  /** The page's words: its own file, its own small chunk in the browser. */
  words: () => Promise<{ default: TradeWords }>;
}

/**
 * Each trade's words file, loaded only when its page asks (a chunk of its own). A trade of
 * site.config.ts needs its line here; a line whose trade the config leaves out is never loaded.
 */
const WORDS: Record<string, TradeEntry['words']> = {
  solar: () => import('./solar'),
  'real-estate': () => import('./real-estate'),
  'home-services': () => import('./home-services'),
};

export const trades: readonly TradeEntry[] = site.trades.map((trade) => {
  const words = WORDS[trade.slug];
  if (!words) {
    throw new Error(
      `site.config.ts names the trade "${trade.slug}": add src/content/trades/${trade.slug}.ts and its line in WORDS (src/content/trades/index.ts).`,
    );
  }
  return { ...trade, path: `/${trade.slug}`, words };
});

export type { TradeSlug };
export type TradePath = TradeEntry['path'];
