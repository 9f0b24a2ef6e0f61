// SAMPLE COPY: replace with your own words; the trades are site.config.ts's. The build reads the
// headline for the social card outside the app's aliases, so the imports here are relative.
import { tradesPhrase } from '../../supabase/functions/_shared/contracts/site.ts';
import { site } from '../../site.config.ts';

const trades = tradesPhrase(site);

export const hero = {
  eyebrow: trades ? `For ${trades} teams` : 'For contractors and service businesses',
  headline: 'Every call answered. Every lead followed up. Automatically.',
  lead: 'I build AI voice agents that pick up in one ring, qualify the caller, book the job and drop it straight into your CRM, day or night.',
  demoButton: 'View Demo',
  demoButtonHint: 'opens in a new tab',
  tryItNote: 'Try it now: press the button and talk to the agent from your browser.',
  /** The picture beside the offer: an agent answering a call, as it looks on the owner's phone. */
  illustration: {
    label:
      'Illustration: the AI agent answers a call at 7:42 PM in one ring, books a roof inspection and adds the lead to the CRM.',
    incoming: 'Incoming call',
    caller: '(555) 013-2040',
    time: '7:42 PM',
    answered: 'AI agent answered in 1 ring',
    caller1: 'Hi, is anyone there? Our roof is leaking.',
    agent1: "I'm here to help. Can someone come Thursday at 9?",
    booked: 'Booked: roof inspection, Thu 9:00 AM',
    crm: 'New lead added to your CRM',
  },
} as const;
