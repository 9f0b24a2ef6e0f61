// The words around the business's name on every page. The name, founder, e-mail and tagline are
// site.config.ts's.
import { tradesPhrase } from '../../supabase/functions/_shared/contracts/site.ts';
import { site } from '../../site.config';

const trades = tradesPhrase(site);

export const brand = {
  name: site.name,
  founder: site.founder.name,
  email: site.email,
  tagline: site.tagline,
  nav: {
    aboutMe: 'About Me',
    bookCall: 'Book a Call',
    callAgent: 'Call the agent',
    homeLabel: `${site.name} home`,
    skipToContent: 'Skip to content',
  },
  /** Shown in place of part of a page whose code could not be fetched (say, offline). */
  partUnavailable: {
    message: 'This part of the page could not be loaded.',
    action: 'Reload the page',
  },
  footer: {
    note: `Voice agents, follow-up and CRM routing for ${trades ? `${trades} businesses` : 'service businesses'}.`,
    rights: 'All rights reserved.',
    privacy: 'Privacy',
  },
} as const;
