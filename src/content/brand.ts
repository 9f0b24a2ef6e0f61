// SAMPLE COPY: replace with your own business. Every word here is shown on the site.

export const brand = {
  name: 'ReplyRight AI',
  founder: 'Jordan Avery',
  tagline: 'AI voice agents for contractors and service businesses',
  nav: {
    aboutMe: 'About Me',
    bookCall: 'Book a Call',
    homeLabel: 'ReplyRight AI home',
    skipToContent: 'Skip to content',
  },
  footer: {
    note: 'Voice agents, follow-up and CRM routing for solar, real estate and field services.',
    rights: 'All rights reserved.',
  },
} as const;
