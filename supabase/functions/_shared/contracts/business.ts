import { parseTrade, type TradeSlug } from './origin.ts';
import { plainText } from './plain-text.ts';
import { refuse, type Parsed } from './refusal.ts';

/**
 * "Hear your own receptionist": the business the agent answers as. What a stranger types reaches
 * the assistant's prompt, so it is bounded to what a business name is: nothing that reads as a
 * web address, an e-mail address or a phone number, and nothing that hides what it is (invisible
 * characters, look-alike letters of another script, full-width letters, piles of marks).
 */

export interface Business {
  business_name: string;
  trade: TradeSlug;
  city: string | null;
}

export type BusinessField = keyof Business;

/** In code points. */
export const BUSINESS_TEXT_MAX = 60;

const ALLOWED = /^[\p{L}\p{M}\p{Nd} &'.,-]+$/u;
const SOME_WORD = /[\p{L}\p{Nd}]/u;
const WEB_WORD = /(?:^|[^\p{L}\p{Nd}])(?:www|https?)(?=$|[^\p{L}\p{Nd}])/iu;
/** `sunny.com`, `x.io`. */
const DOMAIN = /[\p{L}\p{Nd}]\.\p{L}{2,}/u;
/** A phone number, however spaced. */
const PHONE_DIGITS = 7;

/**
 * NFKC, so a full-width `ｗｗｗ` is `www` and an accented letter counts once; phones type a
 * typographic apostrophe.
 */
function normalised(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/\u2019/g, "'")
    .trim()
    .replace(/ {2,}/g, ' ');
}

/** `sunny .com`, `sunny . com`; a space only after a dot is a name's (`Co. Ltd`). */
const joinedDots = (text: string) => text.replace(/ +\. */g, '.');

/** Null when it breaks the rule ('@', ':' and '/' are refused as characters already). */
export function businessText(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > BUSINESS_TEXT_MAX * 4) return null;
  const text = normalised(value);
  const length = [...text].length;
  if (length < 1 || length > BUSINESS_TEXT_MAX) return null;
  if (!ALLOWED.test(text) || !SOME_WORD.test(text) || !plainText(text)) return null;
  const joined = joinedDots(text);
  if (WEB_WORD.test(joined) || DOMAIN.test(joined)) return null;
  if ((text.match(/\p{Nd}/gu) ?? []).length >= PHONE_DIGITS) return null;
  return text;
}

export const BAD_BUSINESS = {
  status: 400,
  code: 'bad_business',
  message: 'The business name, trade or city was not accepted.',
} as const;

export const businessRefusal = (field: BusinessField) =>
  refuse(BAD_BUSINESS.status, BAD_BUSINESS.code, BAD_BUSINESS.message, field);

/** Absent is the generic demo (null); a refusal names the first field at fault. */
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

export function withBusiness<T>(
  body: Record<string, unknown>,
  request: T,
): Parsed<T & { business: Business | null }> {
  const business = parseBusiness(body.business);
  return business.ok ? { ok: true, value: { ...request, business: business.value } } : business;
}

export const businessVariables = ({ business_name, trade, city }: Business) => ({
  business_name,
  trade,
  ...(city ? { city } : {}),
});

/** Each layer over the ones before. */
export function variableValuesOf(...layers: (object | null)[]): {
  variableValues?: Record<string, unknown>;
} {
  const given = layers.filter((layer) => layer !== null);
  return given.length > 0 ? { variableValues: Object.assign({}, ...given) } : {};
}
