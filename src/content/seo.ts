// SAMPLE COPY: titles and descriptions for search results and social cards (50-160 characters each).
import { brand } from './brand';

export interface PageSeo {
  path: string;
  title: string;
  description: string;
}

export const seo = {
  home: {
    path: '/',
    title: 'ReplyRight AI | AI voice agents for contractors and service businesses',
    description:
      'AI voice agents that answer every call, follow up on every lead in under a minute and route them into your CRM. Built for solar, real estate and field services.',
  },
  about: {
    path: '/about-me',
    title: 'About Jordan Avery | ReplyRight AI',
    description:
      'Jordan Avery builds AI voice agents for contractors after eight years running dispatch for a roofing and solar company. Book a call to see if one fits you.',
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy | ReplyRight AI',
    description:
      'What ReplyRight AI collects through its contact form and voice demo, where it goes, and how to have your information deleted.',
  },
  notFound: {
    path: '/404',
    title: 'Page not found | ReplyRight AI',
    description:
      'This page does not exist. ReplyRight AI builds AI voice agents that answer calls and follow up on leads for service businesses.',
  },
} as const satisfies Record<string, PageSeo>;

/** The picture shown when a page is shared (public/og-image.png, 1200x630). */
export const socialCard = {
  image: {
    path: '/og-image.png',
    width: 1200,
    height: 630,
    alt: 'ReplyRight AI: every call answered, every lead followed up',
  },
  locale: 'en_US',
} as const;

/** The business as search engines read it (JSON-LD on /). */
export const business = {
  name: brand.name,
  description: brand.tagline,
  areaServed: 'United States',
  email: brand.email,
} as const;
