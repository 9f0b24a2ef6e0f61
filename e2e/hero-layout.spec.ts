import type { Locator, Page } from '@playwright/test';
import { hero } from '../src/content/hero';
import { expect, test } from './fixtures';

/**
 * The hero's layout: on a desktop the product is in view, beside the headline, with every way to
 * try it; a phone keeps one centred column.
 */

const actions = (page: Page) => ({
  call: page.getByRole('button', { name: 'Press here for AI Voice Agent' }),
  type: page.getByRole('button', { name: /^Type instead/ }),
  phone: page.getByRole('button', { name: /^Call my phone/ }),
  demo: page.getByRole('link', { name: new RegExp(`^${hero.demoButton}`) }),
  art: page.getByRole('img', { name: hero.illustration.label }),
});

/** The home page at one viewport size, taken over by the app, and the hero's parts on it. */
async function heroAt(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return actions(page);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, String(locator)).not.toBeNull();
  return found!;
}

test('at 1280 x 800 the call button, Call my phone, View Demo and the illustration are in the first viewport', async ({
  page,
}) => {
  const parts = await heroAt(page, 1280, 800);
  for (const [name, locator] of Object.entries(parts)) {
    const { x, y, width, height } = await box(locator);
    expect(x, name).toBeGreaterThanOrEqual(0);
    expect(y, name).toBeGreaterThanOrEqual(0);
    expect(x + width, name).toBeLessThanOrEqual(1280);
    expect(y + height, `${name} ends at ${y + height}`).toBeLessThanOrEqual(800);
  }
  // The illustration beside the headline, the other ways to try the agent in one row.
  const heading = await box(page.getByRole('heading', { level: 1 }));
  const art = await box(parts.art);
  expect(art.x).toBeGreaterThan(heading.x + heading.width);
  const [type, phone, demo] = await Promise.all([
    box(parts.type),
    box(parts.phone),
    box(parts.demo),
  ]);
  expect(phone.y).toBe(type.y);
  expect(demo.y).toBe(type.y);
  expect(phone.x).toBeGreaterThan(type.x + type.width);
  expect(demo.x).toBeGreaterThan(phone.x + phone.width);
});

test('at 360 px the hero stays one centred column: the actions stacked, the illustration below them', async ({
  page,
}) => {
  const parts = await heroAt(page, 360, 780);
  const order = [parts.call, parts.type, parts.phone, parts.demo, parts.art];
  let bottom = 0;
  for (const locator of order) {
    const { x, y, width, height } = await box(locator);
    // Below the one before it, and centred (within a pixel).
    expect(y, String(locator)).toBeGreaterThanOrEqual(bottom);
    expect(Math.abs(x + width / 2 - 180), String(locator)).toBeLessThanOrEqual(1);
    bottom = y + height;
  }
  const heading = await box(page.getByRole('heading', { level: 1 }));
  expect(Math.abs(heading.x + heading.width / 2 - 180)).toBeLessThanOrEqual(1);
});
