import { INDEXABLE_ROUTES } from '../src/app/routes';
import { trades } from '../src/content/trades';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { firstLoad, LOCALE_DATA_MARKERS, SDK_MARKERS, sizesOf } from '../scripts/lib/bundle-report';
import { runLighthouse } from '../scripts/lib/lighthouse';
import { expect, test } from './fixtures';

const SITE = '.test-data/site';
const KiB = 1024;

test.describe('byte budgets of the built site', () => {
  for (const { path, file: html } of INDEXABLE_ROUTES) {
    test(`the first load of ${path} stays within budget and carries no SDK and no Intl`, async () => {
      const load = await firstLoad(SITE, html);
      expect(load.jsFiles.length).toBeGreaterThan(0);
      // Requests, not only bytes: the app's script and Rolldown's runtime, and on a trade's page
      // its words. A lazy feature that splits what the entry already has into chunks of its own
      // adds requests here (vite.config.ts keeps the entry's modules in one chunk).
      const words = trades.some((trade) => trade.path === path) ? 1 : 0;
      expect(load.jsFiles, `first-load JS files of ${path}`).toHaveLength(2 + words);
      expect(
        load.js.gzip,
        `first-load JS on ${path}: ${load.js.gzip} bytes gzip`,
      ).toBeLessThanOrEqual(90 * KiB);
      expect(load.css.gzip, `CSS on ${path}: ${load.css.gzip} bytes gzip`).toBeLessThanOrEqual(
        15 * KiB,
      );
      // The page itself (its critical CSS, and on /about-me the portrait) arrives in the first
      // round trip of a new connection: about 14 KiB with the response headers.
      const page = sizesOf(await readFile(join(SITE, html)));
      expect(page.brotli, `${html}: ${page.brotli} bytes brotli`).toBeLessThanOrEqual(13 * KiB);
      for (const file of load.jsFiles) {
        const code = await readFile(join(SITE, file), 'utf8');
        for (const marker of [...SDK_MARKERS.voice, ...SDK_MARKERS.data, ...SDK_MARKERS.booking]) {
          expect(code, `${file} holds SDK code (${marker})`).not.toContain(marker);
        }
        for (const marker of LOCALE_DATA_MARKERS) {
          expect(code, `${file} uses the locale data (${marker})`).not.toContain(marker);
        }
      }
    });
  }
});

/**
 * What Lighthouse checks that does not depend on timing. Its performance score does (on a busy
 * 2-core machine it moves from run to run), so speed is measured by `npm run bench`, as medians,
 * not judged here; the byte budgets above hold the code that speed depends on.
 */
test.describe('Lighthouse, one run per route (mobile preset)', () => {
  test.describe.configure({ mode: 'serial' });

  for (const path of ['/', '/about-me']) {
    test(`${path}: accessibility, best practices and SEO 100, no layout shift`, async ({
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const figures = await runLighthouse(`${baseURL}${path}`);
      const report = `${JSON.stringify(figures.scores)}; not passing: ${figures.failing.join('; ')}`;
      expect(figures.runtimeError, report).toBeUndefined();
      expect(figures.scores.accessibility, report).toBe(1);
      expect(figures.scores.bestPractices, report).toBe(1);
      expect(figures.scores.seo, report).toBe(1);
      expect(figures.cls, report).toBe(0);
    });
  }
});
