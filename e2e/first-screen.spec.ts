import type { Page } from '@playwright/test';
import { trades } from '../src/content/trades';
import { expect, isInViewport, test } from './fixtures';

/**
 * The sections below the first screen (`[data-below-fold]`, src/styles/index.css) are laid out
 * and painted only as they come near, each held at its height until then. What that, and any
 * other change to how the page paints must keep: each held height is close to the
 * real one; a jump to the form (Book a Call, `/#contact`) lands on it and it stays in
 * view; nothing moves and the scrollbar does not jump while the visitor scrolls the whole page,
 * at 360 and 1280 px; find-in-page and screen readers reach the last section.
 */

const WIDTHS = [360, 1280] as const;
const PAGES = ['/', ...trades.map((trade) => trade.path), '/about-me'];

/** Every layout shift from the start of the load, as the page records them. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftsSoFar = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );

/** Scrolls to the bottom most of a screen at a time (no smooth scrolling), letting each step render. */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 100; step += 1) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy({ top: Math.round(window.innerHeight * 0.7), behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) return;
  }
  throw new Error('the page never reached its bottom');
}

/** Where an element's top is on the screen. */
const topOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/#contact and Book a Call land on the form, and it stays in view', async ({ page }) => {
      await page.goto('/#contact');
      await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
      await expect.poll(() => isInViewport(page, '#contact form')).toBe(true);
      await page.goto('/about-me');
      await page.locator('header').getByRole('button', { name: 'Book a Call' }).click();
      await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
      await expect(page.locator('#contact h2')).toBeFocused();
      await expect.poll(() => isInViewport(page, '#contact form')).toBe(true);
      // Once there (the smooth scroll's last frames done), it stays: nothing above it changes its
      // length and moves it away.
      await expect
        .poll(async () => {
          const before = await page.evaluate(() => window.scrollY);
          await page.waitForTimeout(200);
          return (await page.evaluate(() => window.scrollY)) - before;
        })
        .toBe(0);
      const top = await topOf(page, '#contact h2');
      await page.waitForTimeout(500);
      expect(Math.abs((await topOf(page, '#contact h2')) - top)).toBeLessThanOrEqual(1);
    });

    for (const path of PAGES) {
      test(`each section below the first screen of ${path} stands at about its real height before it renders`, async ({
        page,
      }) => {
        await page.goto(path);
        for (const section of await page.locator('[data-below-fold]').all()) {
          const name = await section.getAttribute('data-below-fold');
          // What it stands at unrendered: its contents' held height and its own padding.
          const held = await section.evaluate((element) => {
            const style = getComputedStyle(element);
            const contents = parseFloat(style.containIntrinsicHeight.replace('auto', ''));
            return contents + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
          });
          await section.scrollIntoViewIfNeeded();
          const real = await section.evaluate((element) => element.getBoundingClientRect().height);
          // Within 10%: one height serves each section's words on every page (the after-hours
          // banner's are the trade's, a line longer or shorter).
          expect(Math.abs(held - real) / real, `${name}: ${held} px held, ${real} px`).toBeLessThan(
            0.1,
          );
        }
      });

      test(`nothing shifts, and the scrollbar does not jump, while scrolling the whole of ${path}`, async ({
        page,
      }) => {
        await recordShifts(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const before = await page.evaluate(() => document.documentElement.scrollHeight);
        await scrollThrough(page);
        const after = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(await shiftsSoFar(page)).toBeLessThan(0.001);
        // The page is as long at the end as it was at the start, within 1%.
        expect(Math.abs(after - before) / after).toBeLessThan(0.01);
      });
    }
  });
}

test('find-in-page and the accessibility tree reach the last section of every page', async ({
  page,
}) => {
  for (const path of PAGES) {
    await page.goto(path);
    const heading = page.locator('main > section, main section').last().locator('h2').first();
    const words = ((await heading.textContent()) ?? '').trim();
    expect(words.length, path).toBeGreaterThan(0);
    // From the top of the page, before anything scrolled there: the browser's own find finds
    // the words, in that section.
    const found = await page.evaluate((text) => {
      type Find = (
        text: string,
        caseSensitive: boolean,
        backwards: boolean,
        wrap: boolean,
      ) => boolean;
      const find = (window as unknown as { find: Find }).find;
      const last = [...document.querySelectorAll('main section')].at(-1);
      // As a visitor presses Enter in the find bar: the next match each time, until the one in
      // the last section (the same words may stand earlier on the page).
      let hit = false;
      for (let match = 0; match < 10; match += 1) {
        hit = find(text, true, false, false);
        const node = window.getSelection()?.anchorNode ?? null;
        if (!hit) break;
        if (node && last?.contains(node)) return { hit, inLast: true };
      }
      return { hit, inLast: false };
    }, words);
    expect(found, `${path}: "${words}"`).toEqual({ hit: true, inLast: true });
    await expect(page.getByRole('heading', { name: words, exact: true })).toHaveCount(1);
  }
});
