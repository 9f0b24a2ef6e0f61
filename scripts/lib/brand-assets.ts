/**
 * The pictures drawn from the brand palette at build time: the mark (tab and home-screen icons)
 * and the social card a shared link shows. SVG first (the mark's template, or satori's layout of
 * the card), then resvg draws it and upng keeps only as many colours as it needs, so the tab
 * icon stays small enough to ride inside every page's HTML.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import UPNG from 'upng-js';
import type { BrandPalette } from './brand-palette.ts';

/** The mark: a rounded square in brand-900 holding a ring and a dot in brand-400. */
export function markSvg(palette: BrandPalette): string {
  const [fill, ring] = [palette[900], palette[400]];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><circle cx="16" cy="16" r="9" fill="none" stroke="${ring}" stroke-width="3"/><circle cx="16" cy="16" r="4.5" fill="${ring}"/></svg>`;
}

export interface IconFile {
  /** Where the page and the build name it. */
  path: string;
  size: number;
  /** Colours kept: a few dozen draw the mark's edges smoothly at this size. */
  colours: number;
  /** A home-screen icon has no transparent corners: they take brand-900. */
  opaque: boolean;
}

/** Inlined as a data: URL into every page (48 px covers a 16 px tab at 3x). */
export const TAB_ICON: IconFile = { path: '/favicon.png', size: 48, colours: 32, opaque: false };
/** The home-screen icon, also the crawlable icon Google Search reads. */
export const TOUCH_ICON: IconFile = {
  path: '/apple-touch-icon.png',
  size: 180,
  colours: 64,
  opaque: true,
};
export const ICON_FILES = [TAB_ICON, TOUCH_ICON];

/** resvg's drawing, as a PNG of at most `colours` colours. */
function drawPng(svg: string, colours: number, options: ResvgRenderOptions): Buffer {
  const image = new Resvg(svg, { ...options, font: { loadSystemFonts: false } }).render();
  const rgba = new Uint8Array(image.pixels).buffer;
  return Buffer.from(UPNG.encode([rgba], image.width, image.height, colours));
}

export function drawIcon(palette: BrandPalette, icon: IconFile): Buffer {
  return drawPng(markSvg(palette), icon.colours, {
    fitTo: { mode: 'width', value: icon.size },
    ...(icon.opaque ? { background: palette[900] } : {}),
  });
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Colours kept in the card: its gradient bands too visibly with fewer. */
const CARD_COLOURS = 256;

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) =>
  readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

interface Box {
  type: string;
  props: { style: Record<string, string | number>; children?: Box | Box[] | string };
}
const box = (style: Box['props']['style'], children?: Box['props']['children']): Box => ({
  type: 'div',
  props: { style, children },
});

/** Smaller type for a longer name, so a long one wraps onto a few lines and stays on the card. */
export function nameFontSize(name: string): number {
  if (name.length <= 18) return 84;
  if (name.length <= 30) return 68;
  return 52;
}

/** The card's layout: name and headline on the left, the mark's ring and dot on the right. */
function cardLayout(card: SocialCard): Box {
  const { palette } = card;
  const ring = palette[400];
  return box(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      alignItems: 'center',
      padding: '64px 80px',
      backgroundImage: `linear-gradient(to bottom right, ${palette[950]}, ${palette[800]})`,
      fontFamily: 'Inter',
    },
    [
      box({ display: 'flex', flexDirection: 'column', width: 680, gap: 28 }, [
        box(
          {
            fontSize: nameFontSize(card.name),
            fontWeight: 700,
            lineHeight: 1.1,
            color: '#ffffff',
            letterSpacing: '-0.02em',
          },
          card.name,
        ),
        box(
          { fontSize: 38, fontWeight: 400, lineHeight: 1.35, color: palette[100] },
          card.headline,
        ),
      ]),
      box(
        {
          position: 'absolute',
          left: 824,
          top: 158,
          width: 314,
          height: 314,
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: '50%',
          border: `14px solid ${ring}`,
        },
        [box({ width: 190, height: 190, borderRadius: '50%', backgroundColor: ring })],
      ),
    ],
  );
}

export interface SocialCard {
  name: string;
  headline: string;
  palette: BrandPalette;
}

/** The picture a shared link shows, 1200x630. */
export async function drawSocialCard(card: SocialCard): Promise<Buffer> {
  const [regular, bold] = await Promise.all([fontFile(400), fontFile(700)]);
  const svg = await satori(cardLayout(card) as unknown as ReactNode, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: [
      { name: 'Inter', data: regular, weight: 400, style: 'normal' },
      { name: 'Inter', data: bold, weight: 700, style: 'normal' },
    ],
  });
  return drawPng(svg, CARD_COLOURS, { fitTo: { mode: 'original' } });
}
