import { about } from '@/content/about';
import { site } from '../../../site.config';
import { brand } from '@/content/brand';
import { business, seo, socialCard, type PageSeo } from '@/content/seo';
import { trades } from '@/content/trades';
import { loadedTrade } from '@/lib/trade';
import { escapeHtml } from '@/lib/escape-html';

/** "<" is escaped so no value can close the <script> element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Structured data: the business on /, the service for the trade on its page, the founder on /about-me. */
export function structuredData(page: PageSeo, siteUrl: string): object | null {
  const entry = trades.find((candidate) => candidate.path === page.path);
  const trade = entry && loadedTrade(entry);
  if (entry && !trade)
    throw new Error(`The words of ${entry.path} were not loaded before its head.`);
  if (trade) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: trade.hero.headline,
      description: trade.seo.description,
      serviceType: 'AI voice agent',
      url: `${siteUrl}${trade.path}`,
      audience: { '@type': 'BusinessAudience', audienceType: trade.name },
      areaServed: business.areaServed,
      provider: {
        '@type': 'ProfessionalService',
        name: business.name,
        url: `${siteUrl}/`,
        email: business.email,
      },
    };
  }
  if (page.path === seo.home.path) {
    return {
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: business.name,
      description: business.description,
      url: `${siteUrl}/`,
      image: `${siteUrl}${socialCard.image.path}`,
      email: business.email,
      areaServed: business.areaServed,
      founder: { '@type': 'Person', name: brand.founder, url: `${siteUrl}/about-me` },
      ...(site.phone ? { telephone: site.phone } : {}),
    };
  }
  if (page.path === seo.about.path) {
    return {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: `${siteUrl}/about-me`,
      mainEntity: {
        '@type': 'Person',
        name: brand.founder,
        jobTitle: site.founder.role,
        description: about.intro.body,
        image: `${siteUrl}${about.intro.image.src}`,
        worksFor: { '@type': 'Organization', name: business.name, url: `${siteUrl}/` },
      },
    };
  }
  return null;
}

export function renderHeadTags(page: PageSeo, siteUrl: string): string {
  // The not-found page has no canonical URL.
  const canonical = page.path === seo.notFound.path ? null : `${siteUrl}${page.path}`;
  const image = `${siteUrl}${socialCard.image.path}`;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    canonical
      ? `<link rel="canonical" href="${escapeHtml(canonical)}">`
      : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}">`,
    `<meta property="og:locale" content="${socialCard.locale}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${socialCard.image.width}">`,
    `<meta property="og:image:height" content="${socialCard.image.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(socialCard.image.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(socialCard.image.alt)}">`,
  ];
  const data = structuredData(page, siteUrl);
  if (data) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.filter(Boolean).join('\n    ');
}
