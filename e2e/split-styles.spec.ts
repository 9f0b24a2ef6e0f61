import { trades } from '../src/content/trades';
import { expect, test } from './fixtures';

/**
 * Each page paints with its inline CSS alone (scripts/lib/critical-css.ts); the whole stylesheet
 * follows the first paint. Here, on the built site, the inline CSS gives every element of the
 * served markup (and its ::before and ::after) the style the whole sheet gives it, at a phone's
 * and a desktop's width: the sheet's arrival moves and restyles nothing, above the fold or below.
 */

const ASSETS = /\/assets\/.*\.(js|css)$/;
const PAGES = ['/', ...trades.map((trade) => trade.path), '/about-me', '/privacy', '/404'];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PAGES) {
      test(`${path} is styled by its inline CSS as the whole sheet styles it`, async ({ page }) => {
        // The served page alone: no app, no stylesheet.
        await page.route(ASSETS, (route) => route.abort());
        await page.goto(path, { waitUntil: 'commit' });
        await page.waitForLoadState();
        const sheet = await page.evaluate(
          () =>
            (
              JSON.parse(document.querySelector<HTMLElement>('[data-app]')!.dataset.app!) as {
                stylesheets: string[];
              }
            ).stylesheets[0]!,
        );
        await page.unroute(ASSETS);
        const differences = await page.evaluate(async (href: string) => {
          const elements = [...document.body.querySelectorAll('*')];
          // A pseudo-element with no content has no box: only its content is compared.
          const snapshot = () =>
            elements.flatMap((element) =>
              [null, '::before', '::after'].map((pseudo) => {
                const style = getComputedStyle(element, pseudo);
                const properties = pseudo && style.content === 'none' ? ['content'] : [...style];
                return Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
              }),
            );
          const inline = snapshot();
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          // Another URL than the loader's, whose request was aborted above: the page's memory
          // cache may answer that one with its failure.
          link.href = `${href}?whole`;
          await new Promise((loaded, failed) => {
            link.onload = loaded;
            link.onerror = failed;
            document.head.append(link);
          });
          return snapshot().flatMap((whole, i) =>
            Object.keys(whole)
              .filter((property) => whole[property] !== inline[i]![property])
              .map(
                (property) =>
                  `${elements[Math.floor(i / 3)]!.outerHTML.slice(0, 80)} ${property}: ${inline[i]![property]} (inline) ≠ ${whole[property]} (whole)`,
              ),
          );
        }, sheet);
        expect(differences).toEqual([]);
      });
    }
  });
}
