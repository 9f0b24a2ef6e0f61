// SAMPLE COPY: descriptions for search results and social cards (50-160 characters each). Each
// title goes through site.config.ts's titleTemplate, so none types the business's name.
import { pageTitle } from '@shared/contracts/site.ts';
import { site } from '../../site.config';
import { brand } from './brand';

export interface PageSeo {
  path: string;
  title: string;
  description: string;
}

const { name, founder } = site;

export const seo = {
  home: {
    path: '/',
    title: pageTitle(site, site.tagline),
    description:
      'AI voice agents that answer every call, follow up on every lead in under a minute and route them into your CRM. Built for contractors and service businesses.',
  },
  about: {
    path: '/about-me',
    title: pageTitle(site, `About ${founder.name}`),
    description: `${founder.name} builds AI voice agents for contractors after eight years running dispatch for a roofing and solar company. Book a call to see if one fits you.`,
  },
  privacy: {
    path: '/privacy',
    title: pageTitle(site, 'Privacy'),
    description: `What ${name} collects through its contact form and voice demo, where it goes, and how to have your information deleted.`,
  },
  notFound: {
    path: '/404',
    title: pageTitle(site, 'Page not found'),
    description: `This page does not exist. ${name} builds AI voice agents that answer calls and follow up on leads for service businesses.`,
  },
} as const satisfies Record<string, PageSeo>;

/** A trade page's title and description: its words' own, the title through the template. */
export function tradeSeo(trade: {
  path: string;
  seo: { title: string; description: string };
}): PageSeo {
  return {
    path: trade.path,
    title: pageTitle(site, trade.seo.title),
    description: trade.seo.description,
  };
}

/** The picture shown when a page is shared, drawn by the build (scripts/lib/brand-assets.ts). */
export const socialCard = {
  image: {
    path: '/og-image.png',
    width: 1200,
    height: 630,
    alt: `${name}: every call answered, every lead followed up`,
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
