// SAMPLE COPY: the words of the real-estate page (/real-estate). Its entry in ./index.ts names it.
import type { TradeWords } from './index';

export default {
  seo: {
    title: 'AI voice agents for real estate teams',
    description:
      'An AI voice agent that answers buyer and seller calls in one ring, qualifies budget and timeline, and books showings for your agents in your CRM.',
  },
  hero: {
    eyebrow: 'For real estate teams',
    headline: 'Every real estate call answered. Every showing booked.',
    lead: 'Your agent picks up in one ring, asks about budget, area and timeline, and books the showing or the valuation for the right agent, straight into your CRM.',
  },
  calculator: {
    intro:
      'Portal leads go to whoever calls first. Put in your numbers to see what a late reply costs your team every month.',
    placeholders: { leads: 'e.g. 120', value: 'e.g. 9000', delay: 'e.g. 2', rate: 'e.g. 5' },
  },
  services: {
    intro: 'Three pieces that work together, set up around how your agents already work.',
  },
  afterHours: {
    heading: 'Missing buyer calls during showings?',
    body: 'Your agents cannot pick up while they show a house. Your AI agent can, and it books the next one.',
  },
  testimonialFirst: 'Derek Olsen',
} satisfies TradeWords;
