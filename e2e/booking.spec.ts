import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BOOKING_URL } from '../playwright.config';
import { firstLoad, SDK_MARKERS } from '../scripts/lib/bundle-report';
import { CAL_EMBED_PATH } from '../src/lib/booking';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { expect, seriousA11yViolations, test } from './fixtures';

/**
 * Book a time after a sent message: the booking page inline, prefilled, with the
 * local stack's stand-in for Cal.com's booking page (server/booking/) answering in the frame.
 */

const BOOKING_ORIGIN = new URL(E2E_BOOKING_URL).origin;
const MESSAGE = 'Weekend calls go to voicemail.\nCan we talk Tuesday?';

function uniqueEmail(info: { workerIndex: number; title: string }): string {
  return `booking-${info.workerIndex}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Every request the page makes for the embed's script or to the booking page's origin. */
function watchBookingRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === CAL_EMBED_PATH || url.origin === BOOKING_ORIGIN) seen.push(request.url());
  });
  return seen;
}

async function sendMessage(page: Page, email: string) {
  await page.getByLabel('Name', { exact: true }).fill('Dana Books');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(555) 010-2030');
  await page.getByLabel('Message').fill(MESSAGE);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('#contact').getByText('Success!')).toBeVisible();
}

async function leadId(request: APIRequestContext, email: string): Promise<string> {
  const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as {
    id: string;
    email: string;
  }[];
  const row = rows.find((candidate) => candidate.email === email);
  expect(row, `the lead of ${email}`).toBeDefined();
  return row!.id;
}

test.describe('Book a time after a sent message', () => {
  test('opens the booking page inline at the press, prefilled with the name, e-mail, message and lead id', async ({
    page,
    request,
    watch,
  }, info) => {
    const requests = watchBookingRequests(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Nothing of it in the first load: no chunk holds the embed's libraries.
    const { jsFiles } = await firstLoad('.test-data/site', 'index.html');
    for (const file of jsFiles) {
      const code = await readFile(`.test-data/site/${file}`, 'utf8');
      for (const marker of SDK_MARKERS.booking) {
        expect(code, `${file} holds booking code (${marker})`).not.toContain(marker);
      }
    }
    await expect(page.getByRole('button', { name: 'Book a time' })).toHaveCount(0);

    const email = uniqueEmail(info);
    await sendMessage(page, email);
    const id = await leadId(request, email);
    const button = page.getByRole('button', { name: 'Book a time' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.waitForLoadState('networkidle');
    // Offered, not loaded: the press fetches it.
    expect(requests).toEqual([]);
    const before = scripts.length;

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Pick a time for a call' });
    await expect(panel).toBeVisible();
    // The heading takes the keyboard (and a screen reader's attention).
    await expect(panel.getByRole('heading', { name: 'Pick a time for a call' })).toBeFocused();
    const frame = panel.locator('iframe');
    await expect(frame).toHaveAttribute('title', 'Booking calendar: pick a time for a call');
    // Shown once the stand-in said linkReady (embed.js keeps it hidden until __iframeReady).
    await expect(frame).toBeVisible();
    const booking = page.frameLocator('#contact iframe');
    await expect(
      booking.getByRole('heading', { name: 'Booking stand-in (Cal.com)' }),
    ).toBeVisible();
    await expect(booking.locator('[data-param="name"]')).toHaveText('Dana Books');
    await expect(booking.locator('[data-param="email"]')).toHaveText(email);
    await expect(booking.locator('[data-param="notes"]')).toHaveText(MESSAGE);
    await expect(booking.locator('[data-param="metadata[lead_id]"]')).toHaveText(id);
    await expect(booking.locator('body')).toHaveAttribute('data-state', 'ready');
    // Cal's embed contract: the frame at <booking URL>/embed of the booking page's own origin.
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin).toBe(BOOKING_ORIGIN);
    expect(src.pathname).toBe(`${new URL(E2E_BOOKING_URL).pathname}/embed`);
    expect(src.searchParams.get('embedType')).toBe('inline');
    // The embed's script came from the site itself, and only now.
    expect(scripts.slice(before)).toContain(CAL_EMBED_PATH);
    expect(scripts.slice(0, before)).not.toContain(CAL_EMBED_PATH);
    // And the same page in a new tab, prefilled as well.
    const link = panel.getByRole('link', { name: /Open the booking page/ });
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(E2E_BOOKING_URL);
    expect(href.searchParams.get('metadata[lead_id]')).toBe(id);
    await expect(link).toHaveAttribute('target', '_blank');

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.thirdParty).toEqual([]);
    // (The fixture checks that no CSP violation was reported.)
  });

  test('works from the keyboard: Enter opens it, Escape and Close close it and give the button back', async ({
    page,
  }, info) => {
    await page.goto('/');
    await sendMessage(page, uniqueEmail(info));
    const button = page.getByRole('button', { name: 'Book a time' });
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Pick a time for a call' });
    const heading = panel.getByRole('heading', { name: 'Pick a time for a call' });
    await expect(heading).toBeFocused();
    await expect(page.frameLocator('#contact iframe').locator('body')).toHaveAttribute(
      'data-state',
      'ready',
    );
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Again, then the Close button, reached with Tab from the heading.
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: /^Close/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('when the embed cannot load, says so and offers the booking page in a new tab', async ({
    page,
    watch,
  }, info) => {
    await page.route(`**${CAL_EMBED_PATH}`, (route) => route.abort('connectionfailed'));
    await page.goto('/');
    await sendMessage(page, uniqueEmail(info));
    await page.getByRole('button', { name: 'Book a time' }).click();
    const panel = page.getByRole('region', { name: 'Pick a time for a call' });
    await expect(panel.getByRole('alert')).toHaveText("The booking calendar didn't load.");
    const link = panel.getByRole('link', { name: /Open the booking page/ });
    expect(new URL((await link.getAttribute('href'))!).searchParams.get('name')).toBe('Dana Books');
    // The failed script is the browser's own console line, nothing else went wrong.
    expect(watch.errors.filter((line) => !line.includes('ERR_CONNECTION_FAILED'))).toEqual([]);
  });
});
