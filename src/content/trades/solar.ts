// SAMPLE COPY: the words of the solar page (/solar). Its entry in ./index.ts names it.
import type { TradeWords } from './index';

export default {
  seo: {
    title: 'AI voice agents for solar installers',
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
} satisfies TradeWords;
