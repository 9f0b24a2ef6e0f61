import { differenceCiede2000, oklch } from 'culori';
import { describe, expect, it } from 'vitest';
import {
  BRAND_STEPS,
  BrandColourError,
  anchorStep,
  brandColourProblems,
  brandPalette,
  brandPaletteNote,
  brandTheme,
  checkedBrandPalette,
  contrastResults,
  ladderLightness,
} from './brand-palette';

const lightness = (hex: string) => oklch(hex)!.l;

/** Brand colours owners pick: the default blue, purple, green, red and orange. */
const REAL_BRANDS = ['#0369a1', '#7c3aed', '#15803d', '#b91c1c', '#c2410c'];

describe('brandPalette', () => {
  it('gives back the shades the pages were designed with for the default blue', () => {
    const palette = brandPalette('#0369a1');
    expect(palette[50]).toBe('#eff8ff');
    expect(palette[100]).toBe('#dbeefe');
    expect(palette[600]).toBe('#0369a1');
    const difference = differenceCiede2000();
    const designed = { 500: '#0b84d6', 700: '#075985', 900: '#0c2d48' } as const;
    for (const [step, hex] of Object.entries(designed))
      expect(difference(hex, palette[Number(step) as 500]), step).toBeLessThan(5);
  });

  it.each([...REAL_BRANDS, '#facc15', '#000000', '#ffffff', '#808080', '#00ff00'])(
    'puts %s itself at the step of nearest lightness',
    (brand) => {
      const anchor = anchorStep(brand);
      const palette = brandPalette(brand);
      expect(palette[anchor]).toBe(brand);
      const distance = (step: (typeof BRAND_STEPS)[number]) =>
        Math.abs(ladderLightness(step) - lightness(brand));
      for (const step of BRAND_STEPS) expect(distance(anchor)).toBeLessThanOrEqual(distance(step));
    },
  );

  it('anchors the usual button colours at brand-600 and a light yellow at a pale step', () => {
    for (const brand of REAL_BRANDS) expect(anchorStep(brand), brand).toBe(600);
    expect(anchorStep('#facc15')).toBe(300);
    expect(brandPaletteNote('#0369a1')).toBeNull();
    expect(brandPaletteNote('#facc15')).toMatch(
      /^colors\.brand '#facc15' has the lightness of brand-300.*brand-600, #[0-9a-f]{6}/,
    );
  });

  it.each([...REAL_BRANDS, '#facc15', '#ff0000', '#00ffff', '#808080'])(
    'runs from light to dark, keeping each step in sRGB at its lightness and hue (%s)',
    (brand) => {
      const palette = brandPalette(brand);
      const shades = BRAND_STEPS.map((step) => oklch(palette[step])!);
      for (let i = 1; i < shades.length; i += 1)
        expect(shades[i]!.l, `${BRAND_STEPS[i]}`).toBeLessThan(shades[i - 1]!.l);
      const hue = oklch(brand)!.h;
      for (const [i, step] of BRAND_STEPS.entries()) {
        expect(palette[step]).toMatch(/^#[0-9a-f]{6}$/);
        if (palette[step] === brand) continue;
        // Clamped by chroma, not clipped: the lightness stays the ladder's, the hue the brand's.
        expect(shades[i]!.l, `${step}`).toBeCloseTo(ladderLightness(step), 2);
        if (hue !== undefined && shades[i]!.c > 0.03) {
          const apart = Math.abs(((shades[i]!.h! - hue + 540) % 360) - 180);
          expect(apart, `${step}`).toBeLessThan(4);
        }
      }
    },
  );

  it('writes every step as a Tailwind theme variable', () => {
    const theme = brandTheme(brandPalette('#0369a1'));
    expect(theme).toMatch(/^@theme \{\n/);
    expect(theme).toContain('  --color-brand-600: #0369a1;\n');
    expect(theme.match(/--color-brand-\d+: #[0-9a-f]{6};/g)).toHaveLength(BRAND_STEPS.length);
  });
});

describe('the contrast check', () => {
  it.each(REAL_BRANDS)('passes %s', (brand) => {
    expect(brandColourProblems(brand)).toEqual([]);
    expect(checkedBrandPalette(brand)).toEqual(brandPalette(brand));
  });

  it('measures every pair of the default colour at or above its minimum', () => {
    const results = contrastResults(brandPalette('#0369a1'));
    const ratio = (label: string) => results.find((result) => result.label === label)!.ratio;
    expect(ratio('white on brand-600 (#0369a1)')).toBeCloseTo(5.93, 2);
    for (const { pair, ratio: measured } of results)
      expect(measured).toBeGreaterThanOrEqual(pair.minimum);
  });

  it('refuses a green too light for the focus ring, naming the colour, the pair and the ratio', () => {
    const problems = brandColourProblems('#4caf50');
    expect(problems[0]).toBe(
      "colors.brand '#4caf50' (it is brand-500): brand-500 (#4caf50) on white, the focus ring, the border of the booked card, has a contrast of 2.78:1; WCAG AA needs 3:1. Choose a colour a little lighter or darker.",
    );
    expect(() => checkedBrandPalette('#4caf50')).toThrow(BrandColourError);
    expect(() => checkedBrandPalette('#4caf50')).toThrow(/on white.*2\.78:1/);
  });

  it('refuses a green too light for white words on the buttons', () => {
    expect(brandColourProblems('#008d2b')).toContainEqual(
      expect.stringMatching(
        /^colors\.brand '#008d2b' \(it is brand-600\): white on brand-600 \(#008d2b\), primary buttons.*has a contrast of 4\.3\d:1; WCAG AA needs 4\.5:1/,
      ),
    );
  });

  it('refuses what is not six-digit hex', () => {
    expect(() => brandPalette('blue')).toThrow(/six-digit hex/);
  });
});
