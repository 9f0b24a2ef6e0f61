// SAMPLE COPY: one entry per trade the site has a page for (/solar, /real-estate,
// /home-services). Adding a trade is one more entry here: its page, its metadata, its sitemap
// line, its link on / and its `trade` variable for the agent all follow from it.

export interface Trade {
  /** What the agent, the leads and the reports call the trade (`trade`). */
  slug: string;
  /** The page's path. */
  path: `/${string}`;
  /** How the link on / names the trade. */
  name: string;
  seo: { title: string; description: string };
  hero: { eyebrow: string; headline: string; lead: string };
  calculator: { intro: string; placeholders: Record<'leads' | 'value' | 'delay' | 'rate', string> };
  services: { intro: string };
  afterHours: { heading: string; body: string };
  /** The name of the testimonial shown first (content/testimonials.ts). */
  testimonialFirst: string;
}

export const trades = [
  {
    slug: 'solar',
    path: '/solar',
    name: 'Solar installers',
    seo: {
      title: 'AI voice agents for solar installers | ReplyRight AI',
      description:
        'An AI voice agent that answers every solar lead in one ring, qualifies the roof and the bill, and books the site survey in your CRM, day or night.',
    },
    hero: {
      eyebrow: 'For solar installers',
      headline: 'Every solar lead called back in under a minute.',
      lead: 'Your agent answers every enquiry in one ring, asks about the roof, the bill and the timeline, and books the site survey straight into your CRM, day or night.',
    },
    calculator: {
      intro:
        'Solar buyers ask three installers for a quote and sign with the first to call back. Put in your numbers to see what a slow reply costs you each month.',
      placeholders: { leads: 'e.g. 60', value: 'e.g. 24000', delay: 'e.g. 4', rate: 'e.g. 15' },
    },
    services: {
      intro: 'Three pieces that work together, set up around your survey and install schedule.',
    },
    afterHours: {
      heading: 'Leads from your weekend ads going cold?',
      body: 'Homeowners fill in solar forms on Saturday night. Your agent calls them back before the next installer does.',
    },
    testimonialFirst: 'Maria Delgado',
  },
  {
    slug: 'real-estate',
    path: '/real-estate',
    name: 'Real estate teams',
    seo: {
      title: 'AI voice agents for real estate teams | ReplyRight AI',
      description:
        'An AI voice agent that answers buyer and seller calls in one ring, qualifies budget and timeline, and books showings for your agents in your CRM.',
    },
    hero: {
      eyebrow: 'For real estate teams',
      headline: 'Every buyer and seller call answered. Every showing booked.',
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
  },
  {
    slug: 'home-services',
    path: '/home-services',
    name: 'Home and field services',
    seo: {
      title: 'AI voice agents for home and field services | ReplyRight AI',
      description:
        'An AI voice agent for HVAC, plumbing, roofing and electrical companies: it answers every call in one ring, triages the job and books the visit in your CRM.',
    },
    hero: {
      eyebrow: 'For HVAC, plumbing, roofing and electrical companies',
      headline: 'Every service call answered. Every job booked.',
      lead: 'Your agent answers in one ring, sorts the emergency from the estimate, and books the technician straight into your schedule and CRM, day or night.',
    },
    calculator: {
      intro:
        'A homeowner with a leak calls the next company on the list if nobody picks up. Put in your numbers to see what a missed call costs you each month.',
      placeholders: { leads: 'e.g. 150', value: 'e.g. 650', delay: 'e.g. 3', rate: 'e.g. 40' },
    },
    services: {
      intro: 'Three pieces that work together, set up around your dispatch board.',
    },
    afterHours: {
      heading: 'Tired of missing after-hours emergency calls?',
      body: 'A burst pipe at 11 PM goes to whoever answers. Your agent never sleeps, and it books the truck.',
    },
    testimonialFirst: 'Priya Nair',
  },
] as const satisfies readonly Trade[];

export type TradeSlug = (typeof trades)[number]['slug'];
export type TradePath = (typeof trades)[number]['path'];

/** The trade links on /: pick the page for your trade. */
export const tradePicker = {
  heading: 'Built for your trade',
  intro: 'See the agent, the numbers and a call for the work you do.',
} as const;
