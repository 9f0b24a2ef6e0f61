/**
 * The site's brand shades (brand-50 to brand-950), derived from site.config.ts's `colors.brand`
 * at build time, and the contrast check every pair of them the pages use must pass.
 */
import { clampChroma, formatHex, oklch, parse, wcagContrast, type Oklch } from 'culori';

export const BRAND_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type BrandStep = (typeof BRAND_STEPS)[number];
export type BrandPalette = Record<BrandStep, string>;

/**
 * Each step's OKLCH lightness, and its chroma as a share of the brand colour's. The lightness
 * follows the site's blue ('#0369a1' is brand-600 at 0.50, and gives back the shades the pages
 * were designed with); brand-500 sits at 0.62 so that a colour up to 0.56 (the usual button
 * colours, an orange-700 among them) lands on brand-600, the buttons' step. The chroma shares
 * keep the pale steps tints and the dark steps deep rather than vivid.
 */
const LADDER: Record<BrandStep, { lightness: number; chroma: number }> = {
  50: { lightness: 0.974, chroma: 0.11 },
  100: { lightness: 0.94, chroma: 0.25 },
  200: { lightness: 0.9, chroma: 0.47 },
  300: { lightness: 0.83, chroma: 0.85 },
  400: { lightness: 0.74, chroma: 1.15 },
  500: { lightness: 0.62, chroma: 1.3 },
  600: { lightness: 0.5, chroma: 1 },
  700: { lightness: 0.443, chroma: 0.84 },
  800: { lightness: 0.37, chroma: 0.68 },
  900: { lightness: 0.289, chroma: 0.52 },
  950: { lightness: 0.22, chroma: 0.42 },
};

export const ladderLightness = (step: BrandStep) => LADDER[step].lightness;

/** site.config.ts's colour is six-digit hex (siteProblems checks it). */
function toOklch(hex: string): Oklch {
  const colour = /^#[0-9a-f]{6}$/i.test(hex) ? oklch(parse(hex)) : undefined;
  if (!colour) throw new Error(`"${hex}" is not a colour as six-digit hex.`);
  return colour;
}

/** The step whose ladder lightness is nearest the colour's: there the colour sits exactly. */
export function anchorStep(hex: string): BrandStep {
  const { l } = toOklch(hex);
  let nearest: BrandStep = BRAND_STEPS[0];
  for (const step of BRAND_STEPS)
    if (Math.abs(LADDER[step].lightness - l) < Math.abs(LADDER[nearest].lightness - l))
      nearest = step;
  return nearest;
}

/** Every step from the ladder with the brand's hue, clamped to sRGB; the anchor step is the brand. */
export function brandPalette(brand: string): BrandPalette {
  const { c, h } = toOklch(brand);
  const anchor = anchorStep(brand);
  const palette = {} as BrandPalette;
  for (const step of BRAND_STEPS) {
    const { lightness, chroma } = LADDER[step];
    palette[step] =
      step === anchor
        ? brand.toLowerCase()
        : formatHex(clampChroma({ mode: 'oklch', l: lightness, c: c * chroma, h }, 'oklch'));
  }
  return palette;
}

/** Tailwind's theme variables for the palette, as the stylesheet's `@theme` declares them. */
export function brandTheme(palette: BrandPalette): string {
  const lines = BRAND_STEPS.map((step) => `  --color-brand-${step}: ${palette[step]};`);
  return `@theme {\n${lines.join('\n')}\n}\n`;
}

type Colour = BrandStep | { name: string; value: string };

export interface ContrastPair {
  foreground: Colour;
  background: Colour;
  /** WCAG 2: 4.5 for text (AA), 3 for what is not text but must be seen (a ring, a border). */
  minimum: 4.5 | 3;
  why: string;
}

const white = { name: 'white', value: '#ffffff' };
/** Tailwind's slate-800 (its theme's value), the words of two pale brand boxes. */
const slate800 = { name: 'slate-800', value: 'oklch(27.9% 0.041 260.031)' };

/**
 * Every pair of colours in src/ with a brand shade on one side (grep src/ for `brand-`), each
 * with where the pages show it: text needs 4.5:1, a ring or border 3:1.
 */
export const CONTRAST_PAIRS: ContrastPair[] = [
  {
    foreground: white,
    background: 600,
    minimum: 4.5,
    why: 'primary buttons, step numbers, chat bubbles, skip link',
  },
  { foreground: white, background: 700, minimum: 4.5, why: 'a primary button under the pointer' },
  {
    foreground: white,
    background: 900,
    minimum: 4.5,
    why: 'the banners, the calculator result, the illustration',
  },
  {
    foreground: 700,
    background: white,
    minimum: 4.5,
    why: 'links, eyebrows, figures, the outlined button, the booked card',
  },
  {
    foreground: 700,
    background: 50,
    minimum: 4.5,
    why: 'the eyebrow on the pale top of the first screen, the outlined button under the pointer',
  },
  {
    foreground: 600,
    background: white,
    minimum: 4.5,
    why: "the services' check marks, the outlined button's border, the check boxes",
  },
  { foreground: 900, background: white, minimum: 4.5, why: "the inverse button's words" },
  { foreground: 900, background: 50, minimum: 4.5, why: 'the inverse button under the pointer' },
  {
    foreground: 100,
    background: 900,
    minimum: 4.5,
    why: "the banners' and the calculator's lighter words",
  },
  {
    foreground: slate800,
    background: 100,
    minimum: 4.5,
    why: "the call sample's line being played",
  },
  { foreground: slate800, background: 50, minimum: 4.5, why: "Call my phone's answer" },
  {
    foreground: 500,
    background: white,
    minimum: 3,
    why: 'the focus ring, the border of the booked card',
  },
  {
    foreground: 500,
    background: 50,
    minimum: 3,
    why: 'the focus ring on the pale top of the first screen',
  },
  {
    foreground: 500,
    background: 900,
    minimum: 3,
    why: 'the focus ring around an inverse button on a banner',
  },
];

const colourName = (colour: Colour) =>
  typeof colour === 'object' ? colour.name : `brand-${colour}`;
const colourValue = (colour: Colour, palette: BrandPalette) =>
  typeof colour === 'object' ? colour.value : palette[colour];

export interface ContrastResult {
  pair: ContrastPair;
  ratio: number;
  /** "white on brand-600 (#0369a1)": what an owner reads in the message. */
  label: string;
}

export function contrastResults(palette: BrandPalette): ContrastResult[] {
  return CONTRAST_PAIRS.map((pair) => {
    const shade = (colour: Colour) =>
      typeof colour === 'object' ? colour.name : `${colourName(colour)} (${palette[colour]})`;
    return {
      pair,
      ratio: wcagContrast(
        colourValue(pair.foreground, palette),
        colourValue(pair.background, palette),
      ),
      label: `${shade(pair.foreground)} on ${shade(pair.background)}`,
    };
  });
}

/** One line per pair under its minimum, naming the owner's colour, the pair and the ratio. */
export function brandColourProblems(brand: string): string[] {
  const palette = brandPalette(brand);
  const anchor = anchorStep(brand);
  return contrastResults(palette)
    .filter((result) => result.ratio < result.pair.minimum)
    .map(
      ({ pair, ratio, label }) =>
        `colors.brand '${brand}' (it is brand-${anchor}): ${label}, ${pair.why}, has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs ${pair.minimum}:1. Choose a colour a little lighter or darker.`,
    );
}

/** When the colour is not the buttons' own shade: which shade it is, and what the buttons take. */
export function brandPaletteNote(brand: string): string | null {
  const anchor = anchorStep(brand);
  if (anchor === 600) return null;
  return `colors.brand '${brand}' has the lightness of brand-${anchor}, so that shade is it; the buttons take brand-600, ${brandPalette(brand)[600]}, derived from it.`;
}

export class BrandColourError extends Error {
  constructor(readonly problems: string[]) {
    super(`site.config.ts needs these fixed:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'BrandColourError';
  }
}

/** The palette, or a BrandColourError naming each pair under its contrast minimum. */
export function checkedBrandPalette(brand: string): BrandPalette {
  const problems = brandColourProblems(brand);
  if (problems.length > 0) throw new BrandColourError(problems);
  return brandPalette(brand);
}
