/**
 * `npm run icons`: draws public/favicon.svg (the one source of the site icon) into
 * public/favicon.png, 48 px square, with Debian's Chromium. The pages link the PNG: Chromium
 * renders an SVG icon as a small document of its own on the page's main thread during the load
 * (10 to 25 ms on the bench machine, sometimes before the largest paint; docs/performance.md),
 * while a PNG is only decoded. 48 px is the size search engines ask for (a multiple of 48) and
 * covers a 16 px tab at 3x. `e2e/site.spec.ts` fails when the PNG no longer matches the SVG.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchChromium } from './lib/interactive-timing';

export const ICON_SIZE = 48;
const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
export const ICON_SVG = `${publicDir}favicon.svg`;
export const ICON_PNG = `${publicDir}favicon.png`;

/** The SVG drawn at `size` px on a transparent page, as PNG bytes. */
export async function drawIcon(page: Page, svg: string, size = ICON_SIZE): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img alt="" src="${src}">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ omitBackground: true, type: 'png' });
}

async function main() {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await writeFile(ICON_PNG, await drawIcon(page, await readFile(ICON_SVG, 'utf8')));
    console.log(`Wrote ${ICON_PNG} (${ICON_SIZE} px) from ${ICON_SVG}.`);
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
