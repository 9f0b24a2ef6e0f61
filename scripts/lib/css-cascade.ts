/**
 * When two style rules of one cascade layer can compete, so that which comes first decides what
 * an element gets (scripts/lib/css-split.ts keeps that order when a page's stylesheet is split
 * in two). They compete when they set a common longhand (`margin` and `margin-top` do,
 * `border-radius` and `border-color` do not) on something both can style (`.a` and `.b` can be
 * one element; `.a` and `.b::placeholder`, or `hr` and `img`, cannot). Every test errs towards
 * "they compete".
 */

/** The longhands a property sets, as physical properties. */
export function longhands(property: string): readonly string[] {
  const name = property.toLowerCase();
  if (name.startsWith('--')) return [name]; // a custom property is its own
  const bare = name.replace(/^-(webkit|moz|ms|o)-/, '');
  return EXPANDED.get(bare) ?? [ALIASES[bare] ?? bare];
}

/** The longhands two sets of properties have in common (`all` has every one). */
export function shareLonghand(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if ((a.has(ALL) && b.size > 0) || (b.has(ALL) && a.size > 0)) return true;
  for (const longhand of a) if (b.has(longhand)) return true;
  return false;
}

export const ALL = '*';

/** Other names of one property. */
const ALIASES: Record<string, string> = {
  'word-wrap': 'overflow-wrap',
  'grid-row-gap': 'row-gap',
  'grid-column-gap': 'column-gap',
  'page-break-before': 'break-before',
  'page-break-after': 'break-after',
  'page-break-inside': 'break-inside',
  'font-stretch': 'font-width',
  all: ALL,
};

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
/**
 * Logical sides, as the physical sides they can be: any of the four, since the writing mode and
 * the direction of text decide which (`block-start` is the right side in `vertical-rl`).
 */
const LOGICAL: Record<string, readonly string[]> = Object.fromEntries(
  ['inline', 'inline-start', 'inline-end', 'block', 'block-start', 'block-end'].map((side) => [
    side,
    SIDES,
  ]),
);

const FONT_VARIANTS = [
  'caps',
  'numeric',
  'ligatures',
  'east-asian',
  'alternates',
  'position',
  'emoji',
].map((part) => `font-variant-${part}`);

/** Shorthands, and logical properties, with the physical longhands they set. */
const SHORTHANDS: Record<string, readonly string[]> = {
  // Box sides: margin, padding, inset, scroll-margin, scroll-padding, and their logical forms.
  ...Object.fromEntries(
    [
      ['margin', 'margin-%'],
      ['padding', 'padding-%'],
      ['inset', '%'],
      ['scroll-margin', 'scroll-margin-%'],
      ['scroll-padding', 'scroll-padding-%'],
    ].flatMap(([shorthand, pattern]) => [
      [shorthand!, SIDES.map((side) => pattern!.replace('%', side))],
      ...Object.entries(LOGICAL).map(([logical, sides]) => [
        `${shorthand}-${logical}`,
        sides.map((side) => pattern!.replace('%', side)),
      ]),
    ]),
  ),
  // Borders: every side's width, style and colour, and the image the shorthand resets.
  border: [
    ...SIDES.flatMap((side) => ['width', 'style', 'color'].map((p) => `border-${side}-${p}`)),
    'border-image-source',
    'border-image-slice',
    'border-image-width',
    'border-image-outset',
    'border-image-repeat',
  ],
  ...Object.fromEntries(
    ['width', 'style', 'color'].map((p) => [`border-${p}`, SIDES.map((s) => `border-${s}-${p}`)]),
  ),
  ...Object.fromEntries(
    SIDES.map((side) => [side, ['width', 'style', 'color'].map((p) => `border-${side}-${p}`)]).map(
      ([side, list]) => [`border-${side as string}`, list as string[]],
    ),
  ),
  ...Object.fromEntries(
    Object.entries(LOGICAL).flatMap(([logical, sides]) => [
      [
        `border-${logical}`,
        sides.flatMap((s) => ['width', 'style', 'color'].map((p) => `border-${s}-${p}`)),
      ],
      ...['width', 'style', 'color'].map((p) => [
        `border-${logical}-${p}`,
        sides.map((s) => `border-${s}-${p}`),
      ]),
    ]),
  ),
  'border-image': ['source', 'slice', 'width', 'outset', 'repeat'].map((p) => `border-image-${p}`),
  'border-radius': CORNERS.map((corner) => `border-${corner}-radius`),
  'border-start-start-radius': CORNERS.map((corner) => `border-${corner}-radius`),
  'border-start-end-radius': CORNERS.map((corner) => `border-${corner}-radius`),
  'border-end-start-radius': CORNERS.map((corner) => `border-${corner}-radius`),
  'border-end-end-radius': CORNERS.map((corner) => `border-${corner}-radius`),
  outline: ['outline-color', 'outline-style', 'outline-width'],
  background: [
    'background-color',
    'background-image',
    'background-position-x',
    'background-position-y',
    'background-size',
    'background-repeat',
    'background-attachment',
    'background-origin',
    'background-clip',
  ],
  'background-position': ['background-position-x', 'background-position-y'],
  font: [
    'font-style',
    ...FONT_VARIANTS,
    'font-weight',
    'font-width',
    'font-size',
    'line-height',
    'font-family',
    'font-size-adjust',
    'font-kerning',
    'font-optical-sizing',
    'font-feature-settings',
    'font-variation-settings',
    'font-language-override',
  ],
  'font-variant': FONT_VARIANTS,
  'font-synthesis': ['font-synthesis-weight', 'font-synthesis-style', 'font-synthesis-small-caps'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  gap: ['row-gap', 'column-gap'],
  'grid-gap': ['row-gap', 'column-gap'],
  'place-content': ['align-content', 'justify-content'],
  'place-items': ['align-items', 'justify-items'],
  'place-self': ['align-self', 'justify-self'],
  'grid-row': ['grid-row-start', 'grid-row-end'],
  'grid-column': ['grid-column-start', 'grid-column-end'],
  'grid-area': ['grid-row-start', 'grid-row-end', 'grid-column-start', 'grid-column-end'],
  'grid-template': ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'],
  grid: [
    'grid-template-rows',
    'grid-template-columns',
    'grid-template-areas',
    'grid-auto-rows',
    'grid-auto-columns',
    'grid-auto-flow',
  ],
  overflow: ['overflow-x', 'overflow-y'],
  'overflow-inline': ['overflow-x', 'overflow-y'],
  'overflow-block': ['overflow-x', 'overflow-y'],
  'overscroll-behavior': ['overscroll-behavior-x', 'overscroll-behavior-y'],
  'overscroll-behavior-inline': ['overscroll-behavior-x', 'overscroll-behavior-y'],
  'overscroll-behavior-block': ['overscroll-behavior-x', 'overscroll-behavior-y'],
  'white-space': ['white-space-collapse', 'text-wrap-mode'],
  'text-wrap': ['text-wrap-mode', 'text-wrap-style'],
  'text-decoration': [
    'text-decoration-line',
    'text-decoration-style',
    'text-decoration-color',
    'text-decoration-thickness',
  ],
  'text-emphasis': ['text-emphasis-style', 'text-emphasis-color'],
  'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
  columns: ['column-width', 'column-count'],
  'column-rule': ['column-rule-width', 'column-rule-style', 'column-rule-color'],
  transition: [
    'transition-property',
    'transition-duration',
    'transition-timing-function',
    'transition-delay',
    'transition-behavior',
  ],
  animation: [
    'animation-name',
    'animation-duration',
    'animation-timing-function',
    'animation-delay',
    'animation-iteration-count',
    'animation-direction',
    'animation-fill-mode',
    'animation-play-state',
    'animation-timeline',
    'animation-range-start',
    'animation-range-end',
    'animation-composition',
  ],
  'animation-range': ['animation-range-start', 'animation-range-end'],
  container: ['container-name', 'container-type'],
  'contain-intrinsic-size': ['contain-intrinsic-width', 'contain-intrinsic-height'],
  'contain-intrinsic-inline-size': ['contain-intrinsic-width', 'contain-intrinsic-height'],
  'contain-intrinsic-block-size': ['contain-intrinsic-width', 'contain-intrinsic-height'],
  'inline-size': ['width', 'height'],
  'block-size': ['width', 'height'],
  'min-inline-size': ['min-width', 'min-height'],
  'min-block-size': ['min-width', 'min-height'],
  'max-inline-size': ['max-width', 'max-height'],
  'max-block-size': ['max-width', 'max-height'],
  mask: [
    'mask-image',
    'mask-mode',
    'mask-repeat',
    'mask-position',
    'mask-clip',
    'mask-origin',
    'mask-size',
    'mask-composite',
  ],
  'line-clamp': ['max-lines', 'block-ellipsis', 'continue'],
  'text-box': ['text-box-trim', 'text-box-edge'],
  'mask-border': ['source', 'slice', 'width', 'outset', 'repeat', 'mode'].map(
    (p) => `mask-border-${p}`,
  ),
  offset: ['offset-position', 'offset-path', 'offset-distance', 'offset-rotate', 'offset-anchor'],
  'position-try': ['position-try-order', 'position-try-fallbacks'],
  'scroll-timeline': ['scroll-timeline-name', 'scroll-timeline-axis'],
  'view-timeline': ['view-timeline-name', 'view-timeline-axis', 'view-timeline-inset'],
  'text-stroke': ['text-stroke-width', 'text-stroke-color'],
  marker: ['marker-start', 'marker-mid', 'marker-end'],
  'corner-shape': CORNERS.map((corner) => `corner-${corner}-shape`),
};
const EXPANDED = new Map(Object.entries(SHORTHANDS));

/** What a selector's last compound says of what it styles. */
export interface Subject {
  /** The element's type, `*` for any. */
  type: string;
  /** The pseudo-element it styles, '' for the element itself. */
  pseudoElement: string;
  /**
   * What every element it matches has: its type, classes, ids and attributes as written
   * (`li.b[x]` of `ul > li.b[x]:hover`), '' when it names none.
   */
  key: string;
  /**
   * Whether a browser can find the elements it may match by what it names: a type, class, id or
   * attribute, or a pseudo-element only form controls have. One that names none (`*`, `:root`,
   * `::backdrop`, `:where(.a>*)`) may match any element.
   */
  keyed: boolean;
  /** Where its pseudo-element starts in the selector (its length when there is none). */
  pseudoElementAt: number;
}

const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);
/** Pseudo-elements of form controls' own parts (Chromium finds their elements by them). */
const FORM_CONTROL_PSEUDO_ELEMENTS = /^(placeholder|file-selector-button|-webkit-.*|-moz-.*)$/;

/**
 * Where an escape that starts at `at` ends: a backslash and one character, or up to six hex digits
 * and one optional white space (`.\\32 xl\\:p-4` is the class `2xl:p-4`).
 */
function escapeEnd(text: string, at: number): number {
  const hex = /^[0-9a-fA-F]{1,6}[ \t\n]?/.exec(text.slice(at + 1, at + 8));
  return at + 1 + (hex ? hex[0].length : 1);
}

/** Calls `visit` with each character of `text` outside brackets and parentheses (and with each opening one), escapes skipped. */
function eachTopLevel(text: string, visit: (char: string, at: number) => number | void): void {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === '\\') at = escapeEnd(text, at) - 1;
    else if (char === '"' || char === "'")
      at = text.indexOf(char, at + 1) < 0 ? text.length : text.indexOf(char, at + 1);
    else if (char === ')' || char === ']') depth -= 1;
    else {
      if (depth === 0) at = visit(char, at) ?? at;
      if (char === '(' || char === '[') depth += 1;
    }
  }
}

export function subjectOf(selector: string): Subject {
  let start = 0;
  eachTopLevel(selector, (char, at) => {
    if (char === ' ' || char === '>' || char === '+' || char === '~') start = at + 1;
  });
  const compound = selector.slice(start).trim();
  const offset = selector.length - selector.slice(start).trimStart().length;
  // The compound's simple selectors: where each starts (a type, or `*`, at 0).
  const starts: number[] = [0];
  eachTopLevel(compound, (char, at) => {
    if (at > 0 && (char === '.' || char === '#' || char === '[' || char === ':')) {
      if (!(char === ':' && compound[at - 1] === ':')) starts.push(at);
    }
  });
  const simple = starts
    .map((from, index) => ({
      from,
      text: compound.slice(from, starts[index + 1] ?? compound.length),
    }))
    .filter(({ text }) => text.length > 0);
  const type = /^(?:[a-zA-Z][\w-]*|\*)$/.test(simple[0]?.text ?? '')
    ? simple[0]!.text.toLowerCase()
    : '*';
  let pseudoElement = '';
  let pseudoElementAt = selector.length;
  for (const { from, text } of simple) {
    if (!text.startsWith(':')) continue;
    const double = text.startsWith('::');
    const name = /^[\w-]+/.exec(text.slice(double ? 2 : 1))?.[0]?.toLowerCase() ?? '';
    if (double || LEGACY_PSEUDO_ELEMENTS.has(name)) {
      pseudoElement = name;
      pseudoElementAt = Math.min(pseudoElementAt, offset + from);
    }
  }
  const key = simple
    .filter(({ text }) => /^[.#[a-zA-Z]/.test(text))
    .map(({ text }) => text)
    .join('');
  return {
    type,
    pseudoElement,
    key,
    keyed: key !== '' || FORM_CONTROL_PSEUDO_ELEMENTS.test(pseudoElement),
    pseudoElementAt,
  };
}

/** Chromium's other names of one pseudo-element. */
const PSEUDO_ALIASES: Record<string, string> = {
  '-webkit-input-placeholder': 'placeholder',
  '-webkit-file-upload-button': 'file-selector-button',
};
const pseudoName = (name: string) => PSEUDO_ALIASES[name] ?? name;

/** Whether one element (or one pseudo-element of it) can match both. */
export function canMatchTogether(a: Subject, b: Subject): boolean {
  if (pseudoName(a.pseudoElement) !== pseudoName(b.pseudoElement)) return false;
  return a.type === '*' || b.type === '*' || a.type === b.type;
}
