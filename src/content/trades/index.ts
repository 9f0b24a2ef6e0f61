// SAMPLE COPY: one entry per trade the site has a page for (/solar, /real-estate,
// /home-services), and the page's words in a file of their own beside this one. Adding a trade is
// its slug in TRADES (supabase/functions/_shared/contracts/origin.ts, where the functions read
// it), one more entry here and its words file (the type checker asks for every part): its page,
// its metadata, its sitemap line, its link on / and its `trade` variable for the agent all follow.
//
// Why the words sit in their own files: each trade page fetches only its own words (with the
// app's script, after the first paint), so no page carries the others' words, and / carries none.

import type { TradeSlug } from '@shared/contracts/origin.ts';

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
  /** What the agent, the leads and the reports call the trade (`trade`): one of TRADES. */
  slug: TradeSlug;
  /** The page's path. */
  path: `/${string}`;
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

export const trades = [
  {
    slug: 'solar',
    path: '/solar',
    name: 'Solar installers',
    headingKeyword: 'solar',
    words: () => import('./solar'),
  },
  {
    slug: 'real-estate',
    path: '/real-estate',
    name: 'Real estate teams',
    headingKeyword: 'real estate',
    words: () => import('./real-estate'),
  },
  {
    slug: 'home-services',
    path: '/home-services',
    name: 'Home and field services',
    headingKeyword: 'home service',
    words: () => import('./home-services'),
  },
] as const satisfies readonly TradeEntry[];

// Every slug of TRADES has its entry above: trades.test.ts.
export type { TradeSlug };
export type TradePath = (typeof trades)[number]['path'];
