import { parse } from 'culori';
import UPNG from 'upng-js';
import { describe, expect, it } from 'vitest';
import { hero } from '../../src/content/hero';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  ICON_FILES,
  TAB_ICON,
  TOUCH_ICON,
  drawIcon,
  drawSocialCard,
  markSvg,
} from './brand-assets';
import { brandPalette } from './brand-palette';

interface Picture {
  width: number;
  height: number;
  /** [r, g, b, a] at a point. */
  at: (x: number, y: number) => number[];
}

function decode(png: Buffer): Picture {
  const image = UPNG.decode(new Uint8Array(png).buffer);
  const rgba = new Uint8Array(UPNG.toRGBA8(image)[0]!);
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => [...rgba.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)],
  };
}

/** Close to the palette's colour: fewer colours move a pixel a little. */
function expectColour(pixel: number[], hex: string) {
  const { r, g, b } = parse(hex) as { r: number; g: number; b: number };
  const wanted = [r, g, b].map((channel) => Math.round(channel * 255));
  for (const [i, channel] of wanted.entries())
    expect(Math.abs(pixel[i]! - channel), `${pixel.join(',')} for ${hex}`).toBeLessThanOrEqual(6);
  expect(pixel[3]).toBe(255);
}

const BLUE = brandPalette('#0369a1');
const PURPLE = brandPalette('#7c3aed');

describe('the icons', () => {
  it('draws the mark from the palette: brand-900 square, brand-400 ring and dot', () => {
    const svg = markSvg(BLUE);
    expect(svg).toContain(`fill="${BLUE[900]}"`);
    expect(svg).toContain(`stroke="${BLUE[400]}"`);
  });

  for (const palette of [BLUE, PURPLE]) {
    for (const icon of ICON_FILES) {
      it(`draws ${icon.path} at ${icon.size} px in brand-600 ${palette[600]}'s colours`, () => {
        const picture = decode(drawIcon(palette, icon));
        expect([picture.width, picture.height]).toEqual([icon.size, icon.size]);
        const middle = Math.floor(icon.size / 2);
        expectColour(picture.at(middle, middle), palette[400]);
        // Between the square's edge and the ring.
        expectColour(picture.at(Math.round((icon.size * 3) / 32), middle), palette[900]);
        if (icon.opaque) expectColour(picture.at(0, 0), palette[900]);
        else expect(picture.at(0, 0)[3]).toBe(0);
      });
    }
  }

  it('keeps the tab icon small enough to ride in every page, and the touch icon small', () => {
    expect(drawIcon(BLUE, TAB_ICON).length).toBeLessThan(1024);
    expect(drawIcon(BLUE, TOUCH_ICON).length).toBeLessThan(4096);
  });
});

describe('the social card', () => {
  const draw = (name: string, palette = BLUE) =>
    drawSocialCard({ name, headline: hero.headline, palette });

  it('is 1200x630 on the palette: brand-950 at the top left, brand-800 at the bottom right', async () => {
    for (const palette of [BLUE, PURPLE]) {
      const card = await draw('ReplyRight AI', palette);
      const picture = decode(card);
      expect([picture.width, picture.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      expectColour(picture.at(1, 1), palette[950]);
      expectColour(picture.at(CARD_WIDTH - 2, CARD_HEIGHT - 2), palette[800]);
      // The mark's dot, on the right.
      expectColour(picture.at(980, 315), palette[400]);
      expect(card.length).toBeLessThan(60_000);
    }
  });

  it('shows the name: another name, another picture', async () => {
    const [one, other] = await Promise.all([draw('ReplyRight AI'), draw('Acme Plumbing')]);
    expect(one.equals(other)).toBe(false);
  });

  it('wraps a long name onto lines of its own, inside the text column and off the bottom edge', async () => {
    const name = 'Northern Lights Plumbing, Heating and Air Conditioning Co.';
    expect(name.length).toBeGreaterThanOrEqual(58);
    const picture = decode(await draw(name));
    const white = (x: number, y: number) =>
      picture
        .at(x, y)
        .slice(0, 3)
        .every((c) => c > 245);
    const rowsWithWhite = new Set<number>();
    for (let y = 0; y < CARD_HEIGHT; y += 1)
      for (let x = 0; x < CARD_WIDTH; x += 1)
        if (white(x, y)) {
          rowsWithWhite.add(y);
          // The text column ends at 760 px; the bottom 40 px stay clear.
          expect(x, `white at ${x},${y}`).toBeLessThan(770);
          expect(y, `white at ${x},${y}`).toBeLessThan(CARD_HEIGHT - 40);
        }
    // Three lines of the name, each over 40 px tall.
    expect(rowsWithWhite.size).toBeGreaterThan(120);
  });
});
