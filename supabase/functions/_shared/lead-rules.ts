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

export const LEAD_MAX_BYTES = { page: 200, utmValue: 100 } as const;

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

/** JavaScript's \s, and the invisible characters it leaves out. */
const SPACE = '\\s\\u0085\\u180e\\u200b-\\u200d\\u2060';
/** C0, DEL, C1, and the bidirectional controls, which reorder the text around them. */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const CONTROLS_BUT_LINE_BREAKS =
  '\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';

const VISIBLE = new RegExp(`[^${SPACE}]`);
const CONTROL = new RegExp(`[${CONTROLS}]`);
const CONTROL_BUT_LINE_BREAKS = new RegExp(`[${CONTROLS_BUT_LINE_BREAKS}]`);
const NOT_IN_EMAIL = `@${SPACE}${CONTROLS}"\`<>`;
const EMAIL = new RegExp(`^[^${NOT_IN_EMAIL}]+@[^${NOT_IN_EMAIL}]+\\.[^${NOT_IN_EMAIL}]+$`);
/** `//x` and `/\x` leave the site. */
const SAME_SITE_PATH = new RegExp(`^/(?![/\\\\])[^${SPACE}${CONTROLS}\\\\]*$`);

/** The Hangul fillers: letters that show nothing, so a name of them is as empty as spaces. */
export const INVISIBLE_LETTERS: readonly number[] = [0x115f, 0x1160, 0x3164, 0xffa0];
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function isLetterOrDigit(codePoint: number): boolean {
  return (
    !INVISIBLE_LETTERS.includes(codePoint) && LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint))
  );
}

/** How the rules are written out for the database (scripts/lead-rules-sql.ts). */
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

export const hasLetterOrDigit = (value: string): boolean =>
  [...value].some((char) => isLetterOrDigit(char.codePointAt(0)!));

export const hasVisibleText = (value: string): boolean => VISIBLE.test(value);

export const hasControl = (value: string, { lineBreaks = false } = {}): boolean =>
  (lineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);

/** No UTF-8 holds a lone surrogate, so no database stores it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

export const isPlausibleEmail = (value: string): boolean => EMAIL.test(value);

const encoder = new TextEncoder();
/** As octet_length measures. */
export const byteLength = (value: string): number => encoder.encode(value).length;

export const isSameSitePath = (value: string): boolean =>
  SAME_SITE_PATH.test(value) && byteLength(value) <= LEAD_MAX_BYTES.page;

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

const EMAIL_LIKE = /[^\s@]+(?:@|%40)[^\s@]+\.[^\s@]+/i;
const PHONE_LIKE = /^(?:tel:)?\+?[\d\s()./-]+$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Ad platforms and hand-made links sometimes put a person's e-mail or phone number in a `utm_`
 * tag; such a value is dropped wherever one is kept. A campaign named by 7 digits or more goes
 * too: it cannot be told apart from a number.
 */
export function looksPersonal(value: string): boolean {
  const text = value.trim();
  if (EMAIL_LIKE.test(text)) return true;
  if (!PHONE_LIKE.test(text) || ISO_DATE.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

function isCleanUtmValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    hasVisibleText(value) &&
    !hasControl(value) &&
    byteLength(value) <= LEAD_MAX_BYTES.utmValue &&
    !looksPersonal(value)
  );
}

/** Own keys only: `__proto__` and the like are never read. */
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

/** Tabs count as controls, and pasted text often carries them: they become spaces. */
export const cleanText = (value: string): string => value.replace(/\t/g, ' ').trim();

export type LeadProblem =
  | { kind: 'required' }
  | { kind: 'no-letters' }
  | { kind: 'control' }
  | { kind: 'email' }
  | { kind: 'too-long'; maxBytes: number; over: number };

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

export function leadProblems(lead: LeadText): Partial<Record<LeadField, LeadProblem>> {
  const problems: Partial<Record<LeadField, LeadProblem>> = {};
  for (const field of LEAD_FIELDS) {
    const problem = leadProblem(field, typedValue(lead, field));
    if (problem) problems[field] = problem;
  }
  return problems;
}
