/**
 * Your site. To make it yours, edit this file and replace the pictures in src/content/images/
 * (the founder's portrait is founder-portrait.webp, square). The pages, titles, search data,
 * sitemap, trade pages and their links, and the Edge Functions (the trades they accept, the name
 * the agent says first on a callback) all read it; the longer copy in src/content/ reads the
 * name, founder and trades from here and never types them again.
 */
import type { SiteDefinition } from './supabase/functions/_shared/contracts/site.ts';

const name = 'ReplyRight AI';

export const site: SiteDefinition = {
  /** The business, as every page, title, search result and the agent's callback name it. */
  name,
  /** One line under the name: search results, the business's structured data. */
  tagline: 'AI voice agents for contractors and service businesses',
  email: 'hello@replyright.example',
  /**
   * The agent's own number, written as visitors should read it, with its country code (e.g.
   * '+1 (415) 555-0123'), or null for none. When set, the first screen of / and each trade page
   * shows "Call the agent" with it, a tel: link; search engines read it as the business's.
   */
  phone: null,
  founder: { name: 'Jordan Avery', firstName: 'Jordan', role: 'Founder' },
  /**
   * The brand colour, as hex: the buttons' colour. The site's shades (the Tailwind theme's
   * brand-50 to brand-950), the tab and home-screen icons and the shared-link picture are derived
   * from it; the build stops if a shade it derives leaves text (or the focus ring) under the WCAG
   * AA contrast. A colour much lighter or darker than the default becomes the shade of its own
   * lightness, and the buttons take a shade derived from it (the build names it).
   */
  colors: { brand: '#0369a1' },
  /** Each page's title: `%s` is the page's own. */
  titleTemplate: `%s | ${name}`,
  /**
   * One page per trade (`/<slug>`), its words in src/content/trades/<slug>.ts and its sample
   * call in src/content/call-samples/<slug>.json. `name` is how the link on / and the call
   * samples name it; `headingKeyword`, the words its h1 must hold, as a search would type them.
   */
  trades: [
    { slug: 'solar', name: 'Solar installers', headingKeyword: 'solar' },
    { slug: 'real-estate', name: 'Real estate teams', headingKeyword: 'real estate' },
    { slug: 'home-services', name: 'Home and field services', headingKeyword: 'home service' },
  ],
};
