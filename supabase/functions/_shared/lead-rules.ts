/**
 * What a lead must hold to be stored: the form, submit-lead and the database (printed by `npm run
 * lead-rules:sql`) check the same rules, compared over every code point by
 * supabase/tests/lead-guards.sql.test.ts. Limits are UTF-8 bytes, so the largest row is known.
 */
import {
  LEAD_FIELDS,
  leadField,
  typedValue,
  type LeadField,
  type LeadText,
} from './lead-fields.ts';

export const LEAD_MAX_BYTES = {
  page: 200,
  utmValue: 100,
} as const;

export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** Whatever its case: `UTM_Source` is `utm_source`. */
export function utmKeyOf(name: string): UtmKey | null {
  const key = name.toLowerCase();
  return (UTM_KEYS as readonly string[]).includes(key) ? (key as UtmKey) : null;
}

/**
 * White space: every Unicode White_Space character (JavaScript's \s, which also holds U+FEFF) and
 * the invisible U+0085, U+180E, U+200B-U+200D and U+2060.
 */
const SPACE = '\\s\\u0085\\u180e\\u200b-\\u200d\\u2060';
/**
 * Controls: C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F), and the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which reorder the text around them.
 */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
/** The same, less line feed and carriage return (a message may have line breaks). */
const CONTROLS_BUT_LINE_BREAKS =
  '\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';

const VISIBLE = new RegExp(`[^${SPACE}]`);
const CONTROL = new RegExp(`[${CONTROLS}]`);
const CONTROL_BUT_LINE_BREAKS = new RegExp(`[${CONTROLS_BUT_LINE_BREAKS}]`);
/** Never in an e-mail address: white space, controls, double quotes, backticks, angle brackets. */
const NOT_IN_EMAIL = `@${SPACE}${CONTROLS}"\`<>`;
const EMAIL = new RegExp(`^[^${NOT_IN_EMAIL}]+@[^${NOT_IN_EMAIL}]+\\.[^${NOT_IN_EMAIL}]+$`);
/** A path on this site: one slash, then no slash or backslash (`//x` and `/\x` leave the site). */
const SAME_SITE_PATH = new RegExp(`^/(?![/\\\\])[^${SPACE}${CONTROLS}\\\\]*$`);

/**
 * Letters Unicode files as letters that show nothing: the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0). A name made of them is as empty as one made of spaces.
 */
export const INVISIBLE_LETTERS: readonly number[] = [0x115f, 0x1160, 0x3164, 0xffa0];
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether one code point is a letter or digit that shows (\p{L} or \p{N}, less the fillers). */
export function isLetterOrDigit(codePoint: number): boolean {
  return (
    !INVISIBLE_LETTERS.includes(codePoint) && LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint))
  );
}

/**
 * The code points 1..max (surrogates never) for which `test` holds, as [first, last] ranges: how
 * the rules are written out for the database (scripts/lead-rules-sql.ts) and compared with it.
 */
export function codePointRanges(
  test: (codePoint: number) => boolean,
  max = 0x10ffff,
): [number, number][] {
  const ranges: [number, number][] = [];
  for (let cp = 1; cp <= max; cp += 1) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || !test(cp)) continue;
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** Whether the text holds at least one letter or digit that shows. */
export function hasLetterOrDigit(value: string): boolean {
  for (const char of value) if (isLetterOrDigit(char.codePointAt(0)!)) return true;
  return false;
}

/** Whether the text holds at least one character that is not white space. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/** Whether the text holds a control character; `lineBreaks`: line feed and return are allowed. */
export function hasControl(value: string, { lineBreaks = false } = {}): boolean {
  return (lineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);
}

/** Half of a character (a lone UTF-16 surrogate): no UTF-8 holds it, so no database stores it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

/** One @ with text on both sides and a dot after it; no space, control, quote or bracket. */
export function isPlausibleEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Whether `value` is a path on this site (`/`, `/about-me?x=1`), never `//host` or `/\host`. */
export function isSameSitePath(value: string): boolean {
  return SAME_SITE_PATH.test(value) && byteLength(value) <= LEAD_MAX_BYTES.page;
}

const encoder = new TextEncoder();
/** The length of the text in UTF-8 bytes, as the database measures it (octet_length). */
export function byteLength(value: string): number {
  return encoder.encode(value).length;
}

/** How many characters to take off the end of `value` for it to fit in `maxBytes`. */
export function charactersOver(value: string, maxBytes: number): number {
  let bytes = byteLength(value);
  let over = 0;
  const chars = [...value];
  while (bytes > maxBytes && chars.length > 0) {
    bytes -= byteLength(chars.pop()!);
    over += 1;
  }
  return over;
}

/** An e-mail address anywhere in the text (its `@` perhaps still percent-encoded). */
const EMAIL_LIKE = /[^\s@]+(?:@|%40)[^\s@]+\.[^\s@]+/i;
/** The whole text a phone number: digits with a phone's punctuation, perhaps `+` or `tel:`. */
const PHONE_LIKE = /^(?:tel:)?\+?[\d\s()./-]+$/i;
/** A date as campaigns name theirs (2026-11-20): digits and hyphens, but not a phone number. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a value that should name a campaign looks like a person's e-mail address or phone
 * number (`jane@example.com`, `+1 415 555 0100`, `4155550100`: 7 to 15 digits, as E.164 allows,
 * and nothing but a phone's punctuation besides), which ad platforms and hand-made links
 * sometimes put in a `utm_` tag. Such a value is dropped wherever a utm value is kept: with a
 * lead or a callback (cleanUtm) and in the funnel's events (src/lib/funnel-tracker.ts). A
 * campaign named by a number alone of 7 digits or more is dropped too: it cannot be told apart.
 */
export function looksPersonal(value: string): boolean {
  const text = value.trim();
  if (EMAIL_LIKE.test(text)) return true;
  if (!PHONE_LIKE.test(text) || ISO_DATE.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * A utm value kept with a lead: a string of visible text within the byte limit, and not an
 * e-mail address or a phone number (looksPersonal).
 */
function isCleanUtmValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    hasVisibleText(value) &&
    !hasControl(value) &&
    byteLength(value) <= LEAD_MAX_BYTES.utmValue &&
    !looksPersonal(value)
  );
}

/**
 * The campaign parameters a lead keeps: only the five `utm_*` keys, each a short string that is
 * not an e-mail address or a phone number; null when none is left. Own keys only (`__proto__`
 * and the like are never read).
 */
export function cleanUtm(value: unknown): Partial<Record<UtmKey, string>> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const kept: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const entry = (value as Record<string, unknown>)[key];
    if (isCleanUtmValue(entry)) kept[key] = entry;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * A field as a lead stores it: trimmed, with tabs (which count as control characters) turned
 * into spaces. Pasted text often carries them; nothing the visitor sees is lost.
 */
export function cleanText(value: string): string {
  return value.replace(/\t/g, ' ').trim();
}

/** Why a field cannot be stored; the form turns each into words (src/content/contact.ts). */
export type LeadProblem =
  | { kind: 'required' }
  | { kind: 'no-letters' }
  | { kind: 'control' }
  | { kind: 'email' }
  | { kind: 'too-long'; maxBytes: number; over: number };

/**
 * What is wrong with one field's (trimmed) value, or null when it may be stored: the rules of its
 * row in lead-fields.ts, checked in this order (the database checks the same, all at once).
 */
export function leadProblem(field: LeadField, value: string): LeadProblem | null {
  const { required, content, lineBreaks = false, maxBytes } = leadField(field);
  if (required && !hasVisibleText(value)) return { kind: 'required' };
  if (hasControl(value, { lineBreaks }) || hasLoneSurrogate(value)) return { kind: 'control' };
  if (content === 'words' && !hasLetterOrDigit(value)) return { kind: 'no-letters' };
  if (byteLength(value) > maxBytes) {
    return { kind: 'too-long', maxBytes, over: charactersOver(value, maxBytes) };
  }
  if (content === 'email' && !isPlausibleEmail(value)) return { kind: 'email' };
  return null;
}

/** Every field's problem; empty when the lead may be stored. */
export function leadProblems(lead: LeadText): Partial<Record<LeadField, LeadProblem>> {
  const problems: Partial<Record<LeadField, LeadProblem>> = {};
  for (const field of LEAD_FIELDS) {
    const problem = leadProblem(field, typedValue(lead, field));
    if (problem) problems[field] = problem;
  }
  return problems;
}
