/**
 * `npm run icons`: draws public/favicon.svg (the one source of the site icon) into the two PNGs
 * the pages name, with Debian's Chromium:
 *
 * - public/favicon.png, 48 px, 32 colours (under 1 KiB): the tab icon. The build writes it into
 *   every page's `<link rel="icon">` as a data: URL (scripts/lib/inline-icon.ts), so no page
 *   asks for an icon while it loads. A fetched icon is requested after the load event, which on
 *   these pages comes before the first paint; Lighthouse's simulation counted that request as
 *   needed for the largest paint (docs/performance.md). A PNG, not the SVG: Chromium renders an
 *   SVG icon as a small document of its own on the page's main thread, while a PNG is only decoded.
 *   48 px covers a 16 px tab at 3x.
 * - public/apple-touch-icon.png, 180 px, on the icon's own background colour: the icon a phone's
 *   home screen takes, and the crawlable icon Google Search reads from the home page (it accepts
 *   `rel="apple-touch-icon"`; a data: URL is not a URL it can crawl). Browsers on a computer do not
 *   fetch it while a page loads.
 *
 * `e2e/site.spec.ts` fails when either PNG no longer matches the SVG.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import UPNG from 'upng-js';
import { launchChromium } from './lib/chromium';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
export const ICON_SVG = `${publicDir}favicon.svg`;

export interface IconFile {
  path: string;
  /** Square size in px. */
  size: number;
  /** Colours in the palette the drawing is reduced to (smaller files, same look). */
  colours: number;
  /** Painted under the icon (a home-screen icon has no transparent corners), or none. */
  background?: string;
}

export const TAB_ICON: IconFile = { path: `${publicDir}favicon.png`, size: 48, colours: 32 };
export const TOUCH_ICON: IconFile = {
  path: `${publicDir}apple-touch-icon.png`,
  size: 180,
  colours: 64,
  background: '#0c2d48',
};
export const ICON_FILES = [TAB_ICON, TOUCH_ICON];

/** The SVG drawn at the file's size (on its background, else transparent), as PNG bytes. */
export async function drawIcon(page: Page, svg: string, icon: IconFile): Promise<Buffer> {
  const { size, background } = icon;
  await page.setViewportSize({ width: size, height: size });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<style>html,body{margin:0;background:${background ?? 'transparent'}}img{display:block;width:${size}px;height:${size}px}</style><img alt="" src="${src}">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ omitBackground: !background, type: 'png' });
}

/** The drawing reduced to the file's palette (UPNG's quantizer), as the PNG to commit. */
export function reducePalette(png: Buffer, icon: IconFile): Buffer {
  const image = UPNG.decode(new Uint8Array(png).buffer);
  const [rgba] = UPNG.toRGBA8(image);
  if (!rgba) throw new Error('The drawn icon has no frame.');
  return Buffer.from(UPNG.encode([rgba], image.width, image.height, icon.colours));
}

async function main() {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const svg = await readFile(ICON_SVG, 'utf8');
    for (const icon of ICON_FILES) {
      const png = reducePalette(await drawIcon(page, svg, icon), icon);
      await writeFile(icon.path, png);
      console.log(`Wrote ${icon.path} (${icon.size} px, ${png.length} bytes) from ${ICON_SVG}.`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
