import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { longhands } from '../scripts/lib/css-cascade';
import type { Browser, Page } from '@playwright/test';
import { expect, holdScripts, test } from './fixtures';
import { differencesFromWholeSheet, wholeSheetFile } from './whole-sheet';

/**
 * Each page's stylesheet comes in two parts, inline and after the first paint
 * (scripts/lib/css-split.ts). Here, on the built site, the two parts give every element the style
 * the whole sheet gives it: on every page at a phone's and a desktop's width (the chat, the forms,
 * the calculator and the voice demo are checked where their own tests reach each state). And the
 * split's knowledge of which properties set which others agrees with Chromium's.
 */

const SITE = '.test-data/site';
const PAGES = ['/', '/solar', '/real-estate', '/home-services', '/about-me', '/privacy', '/404'];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PAGES) {
      test(`${path} in two parts is styled as the whole sheet styles it`, async ({ page }) => {
        await page.goto(path);
        expect(await differencesFromWholeSheet(page, SITE)).toEqual([]);
      });
    }
  });
}

/** The most elements one style recalculation restyled while `act` ran, as Chromium traces it. */
async function mostRestyled(browser: Browser, page: Page, act: () => Promise<void>) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  await act();
  // Two frames: the recalculation the new sheet causes is done in the first.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string; args?: { elementCount?: number } }[];
  };
  const counts = trace.traceEvents
    .filter((event) => event.name === 'UpdateLayoutTree')
    .map((event) => event.args?.elementCount ?? 0);
  return Math.max(0, ...counts);
}

test.describe('the late sheet arriving', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  for (const path of ['/', '/solar', '/about-me']) {
    test(`restyles next to nothing of ${path}, where the whole sheet restyled every element on screen`, async ({
      page,
      browser,
    }) => {
      // No app (its rendering would restyle too); the late sheet held until the trace runs.
      await holdScripts(page);
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => /^\/assets\/late-[\w-]+\.css$/.test(url.pathname),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(path, { waitUntil: 'commit' });
      const late = page.locator('link[rel=stylesheet][href*="/assets/late-"]');
      await late.waitFor({ state: 'attached' });
      const split = await mostRestyled(browser, page, async () => {
        release();
        await expect
          .poll(() => late.evaluate((link: HTMLLinkElement) => link.sheet !== null))
          .toBe(true);
      });
      // The same page given the whole sheet, as the loader gave it before.
      const whole = await wholeSheetFile(SITE);
      const wholeSheet = await mostRestyled(browser, page, () =>
        page.evaluate(
          (href) =>
            new Promise<void>((done) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              link.onload = () => done();
              document.head.append(link);
            }),
          `/assets/${whole}`,
        ),
      );
      expect(wholeSheet, 'the whole sheet restyles the elements on screen').toBeGreaterThan(20);
      expect(split, `restyled: ${split}, the whole sheet ${wholeSheet}`).toBeLessThanOrEqual(
        Math.floor(wholeSheet / 3),
      );
    });
  }
});

test.describe('the copies the late sheet holds', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  for (const path of ['/', '/solar', '/about-me']) {
    test(`keep the whole sheet's order on ${path}, for elements the app could render with both rules' classes`, async ({
      page,
    }) => {
      // An inline rule that competes with an earlier late rule comes again in the late sheet,
      // narrowed to that rule's classes (`.inline-flex:where(.hidden)`). No state the app reaches
      // has such an element, so here the page is given one for every copy of a one-class rule
      // with each of its keys, and compared with the whole sheet, first without the copies.
      await page.goto(path);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some(
          (link) => link.href.includes('/assets/late-') && link.sheet !== null,
        ),
      );
      const added = await page.evaluate(() => {
        const unescape = (text: string) =>
          text.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (_, escaped: string) =>
            /^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(parseInt(escaped, 16)) : escaped,
          );
        const CLASS = '\\.((?:\\\\[0-9a-fA-F]{1,6}\\s?|\\\\.|[\\w-])+)';
        const styleRules = (list: CSSRuleList): CSSStyleRule[] =>
          [...list].flatMap((rule) => [
            ...(rule instanceof CSSStyleRule ? [rule] : []),
            ...('cssRules' in rule && !(rule instanceof CSSStyleRule)
              ? styleRules((rule as CSSGroupingRule).cssRules)
              : []),
          ]);
        const sheets = [...document.styleSheets];
        const inline = sheets.find((sheet) =>
          /^@layer /.test((sheet.ownerNode as HTMLStyleElement | null)?.textContent ?? ''),
        )!;
        const late = sheets.find((sheet) =>
          (sheet.ownerNode as HTMLLinkElement | null)?.href?.includes('/assets/late-'),
        )!;
        const inlineSelectors = new Set(
          styleRules(inline.cssRules).flatMap((rule) => rule.selectorText.split(/,\s*/)),
        );
        const copy = new RegExp(`^(${CLASS}):where\\((.*)\\)$`);
        const key = new RegExp(`^${CLASS}$`);
        const host = document.createElement('div');
        host.id = 'copies';
        const copies: CSSStyleRule[] = [];
        for (const rule of styleRules(late.cssRules)) {
          const match = copy.exec(rule.selectorText);
          if (!match || !inlineSelectors.has(match[1]!)) continue;
          copies.push(rule);
          for (const each of match[3]!.split(',')) {
            const other = key.exec(each.trim());
            if (!other) continue;
            const element = document.createElement('div');
            element.className = `${unescape(match[2]!)} ${unescape(other[1]!)}`;
            element.textContent = 'x';
            host.append(element);
          }
        }
        document.body.append(host);
        // The copies out, to show these elements need them.
        const taken = copies.map((rule) => {
          const parent = (rule.parentRule as CSSGroupingRule | null) ?? rule.parentStyleSheet!;
          const index = [...parent.cssRules].indexOf(rule);
          parent.deleteRule(index);
          return { parent, index, text: rule.cssText };
        });
        (window as unknown as { putBack: () => void }).putBack = () => {
          for (const { parent, index, text } of taken.reverse()) parent.insertRule(text, index);
        };
        return { copies: copies.length, elements: host.children.length };
      });
      expect(added.copies, 'copies in the late sheet').toBeGreaterThan(20);
      expect(added.elements).toBeGreaterThan(20);
      const without = await differencesFromWholeSheet(page, SITE, '#copies');
      expect(
        without.length,
        'without the copies, the split styles them differently',
      ).toBeGreaterThan(0);
      await page.evaluate(() => (window as unknown as { putBack: () => void }).putBack());
      expect(await differencesFromWholeSheet(page, SITE, '#copies')).toEqual([]);
    });
  }
});

test('every shorthand the site uses sets no longhand the split does not know of', async ({
  page,
}) => {
  const assets = await readdir(join(SITE, 'assets'));
  const properties = new Set<string>();
  for (const file of assets.filter((name) => name.endsWith('.css'))) {
    const css = await readFile(join(SITE, 'assets', file), 'utf8');
    for (const match of css.matchAll(/[{;]\s*(-?-?[a-z][a-z0-9-]*)\s*:/g)) {
      if (!match[1]!.startsWith('--')) properties.add(match[1]!);
    }
  }
  await page.goto('/privacy');
  // What Chromium sets for each: an element's own style lists the longhands a declaration set.
  const set = await page.evaluate(
    (names) => {
      const element = document.createElement('div');
      return Object.fromEntries(
        names.map((name) => {
          element.removeAttribute('style');
          element.style.setProperty(name, 'inherit');
          return [name, [...element.style]];
        }),
      );
    },
    [...properties],
  );
  const unknown: string[] = [];
  expect(Object.values(set).filter((chromiums) => chromiums.length > 0).length).toBeGreaterThan(50);
  for (const [property, chromiums] of Object.entries(set)) {
    // (Chromium ignores the properties it does not know, such as -moz-osx-font-smoothing.)
    const ours = new Set(longhands(property));
    for (const longhand of chromiums.flatMap((name) => longhands(name))) {
      if (!ours.has(longhand)) unknown.push(`${property} sets ${longhand}`);
    }
  }
  expect(unknown).toEqual([]);
});
