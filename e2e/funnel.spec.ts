import type { Page } from '@playwright/test';
import type { PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import type { StoredEvent } from '../server/plausible/events-stand-in';
import { FUNNEL_EVENTS } from '../src/lib/funnel-events';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { twoTrades } from '../src/test/trades';
import { standInForSdk } from './fake-vapi';
import { expect, test } from './fixtures';

/**
 * The owner's funnel on the built site (the local build turns it on, its events going to the
 * local stack's stand-in for Plausible). Plausible's library sends nothing from an automated
 * browser unless `window.__plausible` is set, its own switch for tests: set here only.
 */

/** A trade's page of site.config.ts (a slug is lowercase words and hyphens: no regex syntax). */
const [{ path: TRADE_PAGE, slug: trade }] = twoTrades();

let visits = 0;
/** A campaign tag of this test's own: the events it caused are told apart by their URL. */
function uniqueTag(workerIndex: number): string {
  visits += 1;
  return `funnel-${workerIndex}-${visits}-${Date.now()}`;
}

async function eventsTagged(page: Page, tag: string): Promise<PlausibleRequestPayload[]> {
  const stored = (await (await page.request.get(LOCAL_ROUTES.eventsJson)).json()) as StoredEvent[];
  // Plausible's library also sends `engagement` (time on page) when the page loses focus or is
  // hidden: not a step of the funnel, and its timing is the browser's, so it is left out here.
  return stored
    .map((s) => s.event)
    .filter((event) => event.u.includes(tag) && event.n !== 'engagement');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __plausible: boolean }).__plausible = true;
  });
});

test('the page view is sent once, after the first paint, with no personal data in its URL', async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo.workerIndex);
  const requested: [string, number][] = [];
  page.on('request', (request) => {
    if (/\/local\/events|funnel-tracker/.test(request.url()))
      requested.push([request.url(), Date.now()]);
  });
  await page.goto(`${TRADE_PAGE}?utm_source=${tag}&email=dana%40example.com#contact`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => eventsTagged(page, tag)).toHaveLength(1);
  const [view] = await eventsTagged(page, tag);
  expect(view).toMatchObject({ n: 'pageview', d: 'localhost' });
  // The campaign tag stays; the e-mail an ad platform appended and the fragment do not.
  expect(view!.u).toMatch(new RegExp(`${TRADE_PAGE}\\?utm_source=${tag}$`));
  // Neither Plausible's library nor its first request came before the first paint (wall clock
  // times: the request as the browser made it, the paint as the page timed it).
  const fcpAt = await page.evaluate(
    () =>
      performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
  );
  expect(requested.length).toBeGreaterThan(0);
  for (const [url, at] of requested) expect(at, url).toBeGreaterThan(fcpAt);
  // No cookie is set.
  expect(await page.context().cookies()).toEqual([]);
});

test('each step of a visit is sent once, with its props: estimate, demo call, chat, callback, lead', async ({
  page,
  context,
}, testInfo) => {
  const tag = uniqueTag(testInfo.workerIndex);
  await context.grantPermissions(['microphone']);
  await standInForSdk(page);
  await page.route('**/functions/v1/request-callback', (route) =>
    route.fulfill({ status: 202, json: { status: 'calling' } }),
  );
  await page.goto(`${TRADE_PAGE}?utm_source=${tag}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // The estimate, changed twice: one event.
  await page.getByLabel('Leads per month').fill('40');
  await page.getByLabel('Average deal value ($)').fill('2500');
  await page.getByLabel('Response delay (hours)').fill('1');
  await page.getByLabel('Close rate (%)').fill('20');
  await expect(page.getByTestId('calculator-result')).toHaveText('$10,000');
  await page.getByLabel('Close rate (%)').fill('25');

  // A demo call, on and then ended by the visitor.
  await page.getByRole('button', { name: 'Press here for AI Voice Agent' }).click();
  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(page.getByRole('button', { name: 'End Call' })).toHaveCount(0);

  // A chat with two messages: one chat.
  await page.getByRole('button', { name: /^Type instead/ }).click();
  for (const text of ['Hi', 'Hi again']) {
    await page.getByLabel('Your message').fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log').getByText(chatReplyTo('Hi'))).not.toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Close chat' }).click();

  // Call my phone, accepted.
  await page.getByRole('button', { name: 'Call my phone' }).click();
  await page.getByLabel('Phone number').fill('(415) 555-2671');
  await page.getByRole('checkbox', { name: /AI agent/ }).check();
  await page.getByRole('button', { name: 'Call me now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling you now' })).toBeVisible();

  // A lead.
  await page.getByLabel('Name', { exact: true }).fill('Dana Lee');
  await page.getByLabel('Email').fill(`${tag}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
  await page.getByLabel('Message').fill('We miss calls after 6 pm.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/Thanks|sent/i).first()).toBeVisible();

  await expect
    .poll(async () => (await eventsTagged(page, tag)).map((event) => event.n))
    // The visit above took each step once, in the funnel's own order.
    .toEqual(['pageview', ...FUNNEL_EVENTS]);
  const props = (await eventsTagged(page, tag)).map((event) => event.p ?? null);
  expect(props).toEqual([
    null,
    { trade },
    { trade },
    { trade, minutes: '0-1', ended: 'normal' },
    { trade },
    { trade },
    { trade, with_estimate: 'yes', after_demo: 'yes' },
  ]);
  // Nothing personal in any event: no name, e-mail, phone, message or dollar figure.
  const sent = JSON.stringify(await eventsTagged(page, tag));
  for (const personal of ['Dana', `${tag}@`, '555', 'miss calls', '10,000', '10000', 'Hi again'])
    expect(sent).not.toContain(personal);

  // The inbox shows this machine's funnel.
  const inbox = await (await page.request.get(LOCAL_ROUTES.inbox)).text();
  expect(inbox).toMatch(new RegExp(`<td>Lead sent</td><td>[1-9]\\d*</td><td>[^<]*${trade} \\d+`));
});

test('/privacy says what is counted, as the funnel is on', async ({ request }) => {
  const html = await (await request.get('/privacy')).text();
  expect(html).toContain('What we count');
  expect(html).toContain('Plausible Analytics, which sets no cookies');
  expect(html).not.toContain('loads no advertising or analytics trackers');
});
