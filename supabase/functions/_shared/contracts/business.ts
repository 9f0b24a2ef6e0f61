import { parseTrade, type TradeSlug } from './origin.ts';
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
 * What shows nothing or reorders what is shown: Unicode's Default_Ignorable_Code_Point (variation
 * selectors, ZWJ, ZWNJ, the combining grapheme joiner, bidi marks, the soft hyphen), controls and
 * format characters (bidi overrides and isolates, the Arabic letter mark), and the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, blank letters named here whatever an engine's Unicode data
 * says of them.
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

/**
 * A letter takes at most two combining marks (Vietnamese's ộ: a dot below and a circumflex),
 * counted decomposed so a precomposed ý with two more marks is three.
 */
export const MARK_PILE = /\p{M}{3,}/u;

/**
 * Scripts by ISO 15924 code. A code this engine's regular expressions do not know is skipped: a
 * character of that script then matches none and is refused (see resolvedScripts).
 */
const SCRIPT_CODES = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Bhks Bopo Brah Brai Bugi Buhd ' +
  'Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym ' +
  'Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira ' +
  'Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana Laoo ' +
  'Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym ' +
  'Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya ' +
  'Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur ' +
  'Sgnw Shaw Shrd Sidd Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu ' +
  'Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii ' +
  'Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

let scriptTests: [string, RegExp][] | null = null;

function scriptsTested(): [string, RegExp][] {
  scriptTests ??= SCRIPT_CODES.flatMap((code): [string, RegExp][] => {
    try {
      return [[code, new RegExp(`\\p{scx=${code}}`, 'u')]];
    } catch {
      return [];
    }
  });
  return scriptTests;
}

const COMMON_OR_INHERITED = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;

/** UTS #39 section 5.1: the writing systems that take in more than one script. */
const AUGMENTED: Record<string, string[]> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Hang: ['Kore'],
  Bopo: ['Hanb'],
};

/**
 * The resolved script set of UTS #39 section 5.1 (Unicode Security Mechanisms): the intersection
 * over the characters of each one's augmented Script_Extensions, a character of Common or
 * Inherited counting as every script. Empty: the text mixes scripts (`Ѕunnу`, Cyrillic Ѕ and у
 * among Latin letters). Han with Hiragana and Katakana is one (Jpan), Han with Hangul one (Kore),
 * Han with Bopomofo one (Hanb). null: every character is Common or Inherited.
 */
export function resolvedScripts(text: string): Set<string> | null {
  let resolved: Set<string> | null = null;
  for (const character of text) {
    if (COMMON_OR_INHERITED.test(character)) continue;
    const scripts = new Set<string>();
    for (const [code, test] of scriptsTested()) {
      if (!test.test(character)) continue;
      scripts.add(code);
      for (const more of AUGMENTED[code] ?? []) scripts.add(more);
    }
    const before: Set<string> = resolved ?? scripts;
    resolved = new Set([...before].filter((code) => scripts.has(code)));
    if (resolved.size === 0) return resolved;
  }
  return resolved;
}

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

/**
 * Text that hides nothing: no invisible character, one script, no pile of marks. The guard of
 * every free text a stranger sends that reaches the agent.
 */
export function plainText(text: string): boolean {
  return (
    !INVISIBLE.test(text) &&
    !MARK_PILE.test(text.normalize('NFD')) &&
    resolvedScripts(text)?.size !== 0
  );
}

/** `sunny .com`, `sunny . com`; a space only after a dot is a name's (`Co. Ltd`). */
const joinedDots = (text: string) => text.replace(/ +\. */g, '.');

/** Null when it breaks the rule ('@', ':' and '/' are refused as characters already). */
export function businessText(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > BUSINESS_TEXT_MAX * 4) return null;
  if (INVISIBLE.test(value)) return null;
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
