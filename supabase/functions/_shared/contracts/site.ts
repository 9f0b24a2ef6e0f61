import { isPlausibleEmail } from '../lead-rules.ts';

/**
 * The shape of site.config.ts, the one file an owner edits, and what follows from it that the
 * page and the functions share.
 */

/** A trade's page slug: lowercase words joined by hyphens, as in its path (`/solar`). */
export type Slug = string;

export interface SiteDefinition {
  name: string;
  tagline: string;
  email: string;
  phone: string | null;
  founder: { name: string; firstName: string; role: string };
  colors: { brand: string };
  titleTemplate: `${string}%s${string}`;
  trades: readonly { slug: Slug; name: string; headingKeyword: string }[];
}

/** The name the agent says first on a callback: one line of at most this many characters. */
export const BUSINESS_NAME_MAX_LENGTH = 100;

/** Problems with a configuration, each a sentence naming the field; none when it holds. */
export function siteProblems(config: SiteDefinition): string[] {
  const problems: string[] = [];
  const name = config.name.trim();
  if (!name || name.length > BUSINESS_NAME_MAX_LENGTH || /[\r\n]/.test(config.name)) {
    problems.push(`name: one line of 1 to ${BUSINESS_NAME_MAX_LENGTH} characters.`);
  }
  if (!isPlausibleEmail(config.email)) problems.push('email: an e-mail address.');
  const digits = config.phone?.replace(/[\s().-]/g, '');
  if (digits !== undefined && !/^\+[1-9]\d{6,14}$/.test(digits)) {
    problems.push("phone: null, or a number with its country code, e.g. '+1 (415) 555-0123'.");
  }
  if (!/^#[0-9a-f]{6}$/i.test(config.colors.brand)) {
    problems.push("colors.brand: a colour as six-digit hex, e.g. '#0369a1'.");
  }
  if ((config.titleTemplate.match(/%s/g) ?? []).length !== 1) {
    problems.push('titleTemplate: holds %s once, where the page title goes.');
  }
  const slugs = config.trades.map((trade) => trade.slug);
  for (const slug of slugs) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
      problems.push(`trades: "${slug}" is not a slug (lowercase words joined by hyphens).`);
    }
  }
  if (new Set(slugs).size !== slugs.length) problems.push('trades: each slug once.');
  return problems;
}

/**
 * The trades as a phrase for copy ("solar, real estate and home service"), from each one's
 * heading keyword; empty with none.
 */
export function tradesPhrase(config: Pick<SiteDefinition, 'trades'>): string {
  const words = config.trades.map((trade) => trade.headingKeyword);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A page's title through the template. */
export function pageTitle(config: Pick<SiteDefinition, 'titleTemplate'>, title: string): string {
  return config.titleTemplate.replace('%s', title);
}
