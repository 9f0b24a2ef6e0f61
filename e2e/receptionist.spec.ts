import type { Page } from '@playwright/test';
import type { CreateCallBody, CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { ownBusiness as copy } from '../src/content/own-business';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { twoTrades } from '../src/test/trades';
import { expect, seriousA11yViolations, test } from './fixtures';
import { standInForSdk } from './fake-vapi';

/**
 * "Hear your own receptionist" on the built site through the local stack:
 * the visitor types their business in the hero, and the call the start-web-call or
 * request-callback function asks the Vapi stand-in for answers as it (its variableValues and
 * first words, read back from /local/vapi-calls.json). A business that breaks the rule starts
 * nothing, on the page or (a body changed on its way) at the function. The SDK is stood in for
 * (Daily's rooms cannot be joined offline).
 */

const IDLE = 'Press here for AI Voice Agent';
/** Two different trades of site.config.ts. */
const [first, second] = twoTrades();
const START = '/functions/v1/start-web-call';

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['microphone']);
  await standInForSdk(page);
});

/** The start-web-call bodies the page sends at a press (not the reservations on intent). */
function presses(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(START) && request.method() === 'POST') {
      const body = request.postDataJSON() as Record<string, unknown>;
      if (body.intent !== true) sent.push(body);
    }
  });
  return sent;
}

/** What the Vapi stand-in was asked for at `path`, for one visit. */
async function vapiCallsOf<B extends CreateWebCallBody | CreateCallBody>(
  page: Page,
  path: '/call/web' | '/call',
  visitId: unknown,
): Promise<B[]> {
  const calls = (await (await page.request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
    path: string;
    body: B;
  }[];
  return calls
    .filter(
      (call) => call.path === path && call.body.assistantOverrides?.metadata?.visit_id === visitId,
    )
    .map((call) => call.body);
}

const visitOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('visit:id'));

async function typeBusiness(page: Page, name: string, trade: string | null, city = '') {
  await page.getByText(copy.summary).click();
  await page.getByLabel(copy.nameLabel, { exact: true }).fill(name);
  if (trade) await page.getByLabel(copy.tradeLabel, { exact: true }).selectOption(trade);
  if (city) await page.getByLabel(copy.cityLabel, { exact: true }).fill(city);
}

test('served closed under the ways to try the agent: it moves nothing above it, and reads well open', async ({
  page,
}) => {
  for (const [width, height] of [
    [1280, 800],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const details = page.locator('#own-business');
    await expect(details).not.toHaveAttribute('open');
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(`<summary`);
    expect(html).toContain(copy.summary);
    const call = page.getByRole('button', { name: IDLE });
    const where = async () => (await call.boundingBox())!;
    const before = await where();
    // Without it, the call button is where it was: it adds nothing above the button.
    await details.evaluate((element) => element.remove());
    expect(await where()).toEqual(before);
  }
  await page.goto('/');
  await page.getByText(copy.summary).click();
  await expect(page.getByLabel(copy.nameLabel, { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('on / a business typed in the hero is who the agent answers as: its variables and first words', async ({
  page,
}) => {
  const sent = presses(page);
  await page.goto('/');
  await page.getByLabel('Leads per month').fill('40');
  await page.getByLabel('Average deal value ($)').fill('2500');
  await page.getByLabel('Response delay (hours)').fill('1');
  await page.getByLabel('Close rate (%)').fill('20');
  await typeBusiness(page, 'Sunny  Roofing & Sons', second.slug, 'Austin');
  await page.getByRole('button', { name: IDLE }).click();
  await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.business).toEqual({
    business_name: 'Sunny Roofing & Sons',
    trade: second.slug,
    city: 'Austin',
  });
  const [call] = await vapiCallsOf<CreateWebCallBody>(page, '/call/web', await visitOf(page));
  expect(call!.assistantOverrides).toMatchObject({
    firstMessage:
      'Thanks for calling Sunny Roofing & Sons in Austin. This is the virtual receptionist. How can I help you today?',
    // The calculator's numbers, and the business over them.
    variableValues: {
      leads: 40,
      estimate: 10_000,
      business_name: 'Sunny Roofing & Sons',
      trade: second.slug,
      city: 'Austin',
    },
  });
  await page.getByRole('button', { name: 'End Call' }).click();
});

test('a web address in the name: the line at the field, and no call', async ({ page }) => {
  const sent = presses(page);
  await page.goto('/');
  await typeBusiness(page, 'Visit sunny.com', first.slug);
  await page.getByRole('button', { name: IDLE }).click();
  const name = page.getByLabel(copy.nameLabel, { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(
    page.getByRole('alert').filter({ hasText: copy.errors.business_name }),
  ).toBeVisible();
  await expect(name).toHaveAccessibleDescription(copy.errors.business_name);
  await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
  expect(sent).toEqual([]);
  expect(await vapiCallsOf(page, '/call/web', await visitOf(page))).toEqual([]);
});

test('the function refuses what the page let through: 400 bad_business, the line at the field, no call', async ({
  page,
}) => {
  // The body changed on its way (as a script could): the function's own rule refuses it.
  await page.route(`**${START}`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown> | null;
    if (route.request().method() !== 'POST' || !body || body.intent === true)
      return route.continue();
    await route.continue({
      postData: JSON.stringify({
        ...body,
        business: { business_name: 'Sunny Roofing', trade: first.slug, city: 'www.evil.example' },
      }),
    });
  });
  const refused = page.waitForResponse(
    (response) => response.url().endsWith(START) && response.status() === 400,
  );
  await page.goto('/');
  await typeBusiness(page, 'Sunny Roofing', first.slug, 'Austin');
  await page.getByRole('button', { name: IDLE }).click();
  expect(await (await refused).json()).toMatchObject({ code: 'bad_business', details: 'city' });
  const city = page.getByLabel(copy.cityLabel, { exact: true });
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toBeFocused();
  await expect(page.locator('#voice-demo-message')).toContainText(
    "The agent can't answer as that business.",
  );
  expect(await vapiCallsOf(page, '/call/web', await visitOf(page))).toEqual([]);
});

test(`on ${first.path} the trade is preset to ${first.slug}, and the call carries it`, async ({
  page,
}) => {
  const sent = presses(page);
  await page.goto(first.path);
  await page.getByText(copy.summary).click();
  await expect(page.getByLabel(copy.tradeLabel, { exact: true })).toHaveValue(first.slug);
  await page.getByLabel(copy.nameLabel, { exact: true }).fill("O'Brien Plumbing, Inc.");
  await page.getByRole('button', { name: IDLE }).click();
  await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
  expect(sent[0]!.business).toEqual({
    business_name: "O'Brien Plumbing, Inc.",
    trade: first.slug,
    city: null,
  });
  const [call] = await vapiCallsOf<CreateWebCallBody>(page, '/call/web', await visitOf(page));
  expect(call!.assistantOverrides?.variableValues).toEqual({
    business_name: "O'Brien Plumbing, Inc.",
    trade: first.slug,
  });
  await page.getByRole('button', { name: 'End Call' }).click();
});

test('Call my phone answers as the business too, still saying it is a demo and how to stop', async ({
  page,
}, info) => {
  const exchange = 200 + ((Date.now() + info.workerIndex) % 700);
  const line = String(Date.now() % 10_000).padStart(4, '0');
  await page.goto(second.path);
  await typeBusiness(page, 'Élan Électrique', null, 'Montréal');
  await page.getByRole('button', { name: 'Call my phone' }).click();
  await page.getByLabel('Phone number').fill(`(415) ${exchange}-${line}`);
  await page.getByRole('checkbox', { name: /AI agent/ }).check();
  await page.getByRole('button', { name: 'Call me now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling you now' })).toBeVisible();
  const [call] = await vapiCallsOf<CreateCallBody>(page, '/call', await visitOf(page));
  expect(call!.customer?.number).toBe(`+1415${exchange}${line}`);
  expect(call!.assistantOverrides?.variableValues).toEqual({
    business_name: 'Élan Électrique',
    trade: second.slug,
    city: 'Montréal',
  });
  const opening = String(call!.assistantOverrides?.firstMessage);
  expect(opening).toMatch(/^Hi, this is the receptionist for Élan Électrique, a demo from /);
  expect(opening).toContain('You asked for a call on our website');
  expect(opening).toContain('If you did not ask');
});

test('Call my phone with a refused business sends nothing: the line at the field', async ({
  page,
}) => {
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/request-callback') && request.method() === 'POST')
      sent.push(request.postDataJSON());
  });
  await page.goto('/');
  await typeBusiness(page, 'Call 555 123 4567', first.slug);
  await page.getByRole('button', { name: 'Call my phone' }).click();
  await page.getByLabel('Phone number').fill('(415) 555-2671');
  await page.getByRole('checkbox', { name: /AI agent/ }).check();
  await page.getByRole('button', { name: 'Call me now' }).click();
  const name = page.getByLabel(copy.nameLabel, { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  expect(sent).toEqual([]);
});
