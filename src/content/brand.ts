// SAMPLE COPY: replace with your own business. Every word here is shown on the site.

export const brand = {
  name: 'ReplyRight AI',
  founder: 'Jordan Avery',
  email: 'hello@replyright.example',
  tagline: 'AI voice agents for contractors and service businesses',
  nav: {
    aboutMe: 'About Me',
    bookCall: 'Book a Call',
    homeLabel: 'ReplyRight AI home',
    skipToContent: 'Skip to content',
  },
  /** Shown in place of part of a page whose code could not be fetched (say, offline). */
  partUnavailable: {
    message: 'This part of the page could not be loaded.',
    action: 'Reload the page',
  },
  footer: {
    note: 'Voice agents, follow-up and CRM routing for solar, real estate and field services.',
    rights: 'All rights reserved.',
    privacy: 'Privacy',
  },
} as const;
