import { parseTrade, type TradeSlug } from './origin.ts';
import { refuse, type Parsed } from './refusal.ts';

/**
 * "Hear your own receptionist": the visitor's business, which the agent answers as
 * for the whole demo call (a web call or Call my phone). The page validates with this parser
 * before it starts a call, and start-web-call and request-callback parse the body's `business`
 * with it before the bot check: the functions build the agent's variables from it
 * (`business_name`, `trade`, `city`), never the page. What a stranger types reaches the
 * assistant's prompt, so it is bounded to what a business name is: letters, digits, spaces and
 * & ' . , - only, at most 60 characters, nothing that reads as a web address, an e-mail address
 * or a phone number (docs/security.md). The prompt treats the three as data (docs/deploy.md).
 */

export interface Business {
  business_name: string;
  /** The business's trade, one of the site's (TRADES): the agent's `trade`. */
  trade: TradeSlug;
  city: string | null;
}

/** The fields a refusal names (its `details`): the page puts its line at that field. */
export type BusinessField = keyof Business;

/** The longest name or city, in characters (Unicode code points). */
export const BUSINESS_TEXT_MAX = 60;

/** Letters and their marks (É, ñ, ü), digits, spaces and & ' . , - : nothing else. */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} &'.,-]+$/u;
/** At least one letter or digit (not punctuation or marks alone). */
const SOME_WORD = /[\p{L}\p{Nd}]/u;
/** `www` or `http(s)` as a word of their own. */
const WEB_WORD = /(?:^|[^\p{L}\p{Nd}])(?:www|https?)(?=$|[^\p{L}\p{Nd}])/iu;
/** A dot between a letter or digit and a run of two letters or more: `sunny.com`, `x.io`. */
const DOMAIN = /[\p{L}\p{Nd}]\.\p{L}{2,}/u;
/** Seven digits or more in all: a phone number, however spaced. */
const PHONE_DIGITS = 7;

/**
 * The text as the rule reads it: NFC (so an accented letter counts once), a typographic
 * apostrophe (what phones type) made plain, spaces trimmed and runs of them made one.
 */
function normalised(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\u2019/g, "'")
    .trim()
    .replace(/ {2,}/g, ' ');
}

/**
 * A name or a city as typed, or null when it breaks the rule: 1 to 60 characters of the allowed
 * ones, at least one letter or digit, and nothing that reads as an address, e-mail or phone
 * number ('@', ':' and '/' are refused as characters already).
 */
export function businessText(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > BUSINESS_TEXT_MAX * 4) return null;
  const text = normalised(value);
  const length = [...text].length;
  if (length < 1 || length > BUSINESS_TEXT_MAX) return null;
  if (!ALLOWED.test(text) || !SOME_WORD.test(text)) return null;
  if (WEB_WORD.test(text) || DOMAIN.test(text)) return null;
  if ((text.match(/\p{Nd}/gu) ?? []).length >= PHONE_DIGITS) return null;
  return text;
}

/** The refusal of a business that breaks the rule; `details` names its field. */
export const BAD_BUSINESS = {
  status: 400,
  code: 'bad_business',
  message: 'The business name, trade or city was not accepted.',
} as const;

export const businessRefusal = (field: BusinessField) =>
  refuse(BAD_BUSINESS.status, BAD_BUSINESS.code, BAD_BUSINESS.message, field);

/**
 * A body's `business`: absent (undefined or null) is the generic demo (null); otherwise an
 * object with a name and a trade, and a city or none (absent, null or empty), each by the rule,
 * else refused `bad_business` naming the first field at fault.
 */
export function parseBusiness(value: unknown): Parsed<Business | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'object' || Array.isArray(value)) return businessRefusal('business_name');
  const raw = value as Record<string, unknown>;
  const name = businessText(raw.business_name);
  if (name === null) return businessRefusal('business_name');
  const trade = parseTrade(raw.trade);
  if (trade === null) return businessRefusal('trade');
  const noCity =
    raw.city === undefined ||
    raw.city === null ||
    (typeof raw.city === 'string' && raw.city.trim() === '');
  const city = noCity ? null : businessText(raw.city);
  if (!noCity && city === null) return businessRefusal('city');
  return { ok: true, value: { business_name: name, trade, city } };
}

/**
 * A request with the body's `business` parsed in: a business that breaks the rule is refused
 * here, before the bot check and any claim.
 */
export function withBusiness<T>(
  body: Record<string, unknown>,
  request: T,
): Parsed<T & { business: Business | null }> {
  const business = parseBusiness(body.business);
  return business.ok ? { ok: true, value: { ...request, business: business.value } } : business;
}

/**
 * What the agent is told of the business (Vapi's variableValues: `{{business_name}}`,
 * `{{trade}}`, `{{city}}`), merged over the calculator's variables by the functions: the
 * business's trade is the call's trade.
 */
export const businessVariables = ({ business_name, trade, city }: Business) => ({
  business_name,
  trade,
  ...(city ? { city } : {}),
});

/**
 * A call's Vapi variableValues: the layers given (the calculator's numbers and the page's trade,
 * a lead's words, the visitor's business), each over the ones before; none when none is given.
 */
export function variableValuesOf(...layers: (object | null)[]): {
  variableValues?: Record<string, unknown>;
} {
  const given = layers.filter((layer) => layer !== null);
  return given.length > 0 ? { variableValues: Object.assign({}, ...given) } : {};
}
