/**
 * Text a stranger sends that reaches the agent (its variables, its first words, a chat's
 * messages) must read as what it shows: no invisible characters, no look-alike letters of another
 * script, no piles of marks. Read as NFKC first, so full-width and compatibility forms are the
 * plain letters they look like.
 */
import { INVISIBLE_LETTERS } from '../lead-rules.ts';

const escapedCodePoint = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;

/**
 * What shows nothing or reorders what is shown: Unicode's Default_Ignorable_Code_Point (variation
 * selectors, ZWJ, ZWNJ, the combining grapheme joiner, bidi marks, the soft hyphen), controls and
 * format characters (bidi overrides and isolates, the Arabic letter mark), and the Hangul fillers
 * (INVISIBLE_LETTERS), blank letters named whatever an engine's Unicode data says of them.
 */
const INVISIBLE = new RegExp(
  `[\\p{Default_Ignorable_Code_Point}\\p{Cc}\\p{Cf}${INVISIBLE_LETTERS.map(escapedCodePoint).join('')}]`,
  'u',
);

/**
 * A letter takes at most two combining marks (Vietnamese's ộ: a dot below and a circumflex),
 * counted decomposed so a precomposed ý with two more marks is three.
 */
const MARK_PILE = /\p{M}{3,}/u;

/**
 * Scripts by ISO 15924 code. A code this engine's regular expressions do not know is skipped; a
 * character newer than the engine's Unicode data is unassigned to it (Cn) and counts as Common
 * (a name refuses it anyway, being no letter).
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

const COMMON_OR_INHERITED = /^[\p{scx=Zyyy}\p{scx=Zinh}\p{Cn}]$/u;

/** UTS #39 section 5.1: the writing systems that take in more than one script. */
const AUGMENTED: Record<string, string[]> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Hang: ['Kore'],
  Bopo: ['Hanb'],
};

/** A character's augmented Script_Extensions, remembered: a message repeats its letters. */
const known = new Map<string, Set<string> | null>();
const KNOWN_MAX = 4096;

function scriptsOf(character: string): Set<string> | null {
  const remembered = known.get(character);
  if (remembered !== undefined) return remembered;
  let scripts: Set<string> | null = null;
  if (!COMMON_OR_INHERITED.test(character)) {
    scripts = new Set<string>();
    for (const [code, test] of scriptsTested()) {
      if (!test.test(character)) continue;
      scripts.add(code);
      for (const more of AUGMENTED[code] ?? []) scripts.add(more);
    }
  }
  if (known.size < KNOWN_MAX) known.set(character, scripts);
  return scripts;
}

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
    const scripts = scriptsOf(character);
    if (scripts === null) continue;
    const before: Set<string> = resolved ?? scripts;
    resolved = new Set([...before].filter((code) => scripts.has(code)));
    if (resolved.size === 0) return resolved;
  }
  return resolved;
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

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * Prose (a chat message, a lead's name and words): NFKC, line breaks and tabs as spaces, runs of
 * spaces as one, invisible characters taken out (emoji sequences use joiners and variation
 * selectors, so prose loses them rather than being refused). Null when a word still hides: it
 * mixes scripts, or a letter carries more than two marks. Prose may mix scripts from word to word
 * (`Müller in Москва`), not within one.
 */
export function plainProse(text: string): string | null {
  const cleaned = text
    .normalize('NFKC')
    .replace(LINE_BREAKS, ' ')
    .replace(new RegExp(INVISIBLE.source, 'gu'), '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (MARK_PILE.test(cleaned.normalize('NFD'))) return null;
  const words = cleaned.split(' ');
  return words.every((word) => resolvedScripts(word)?.size !== 0) ? cleaned : null;
}
