/**
 * `npm run icons`: draws public/favicon.svg into the PNGs the pages name. The tab icon is a
 * small PNG, inlined as a data: URL by the build (an SVG icon costs main-thread time; 48 px
 * covers a 16 px tab at 3x); the touch icon is also the crawlable icon Google Search reads.
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
  size: number;
  colours: number;
  /** A home-screen icon has no transparent corners. */
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
