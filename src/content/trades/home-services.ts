// SAMPLE COPY: the words of the home-services page (/home-services). Its entry in ./index.ts names it.
import type { TradeWords } from './index';

export default {
  seo: {
    title: 'AI voice agents for home and field services',
    description:
      'An AI voice agent for HVAC, plumbing, roofing and electrical companies: it answers every call in one ring, triages the job and books the visit in your CRM.',
  },
  hero: {
    eyebrow: 'For HVAC, plumbing, roofing and electrical companies',
    headline: 'Every home service call answered. Every job booked.',
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
} satisfies TradeWords;
