import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { CreateCallBody } from '../supabase/functions/_shared/vapi/types';
import { CURRENT_CONSENT_VERSION } from '../supabase/functions/_shared/contracts/consent';
import { expect, holdScripts, seriousA11yViolations, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

/**
 * "Call my phone": every state of the form on the built site, the function answered at its
 * boundary (Playwright routes the request), and one run of the whole local loop: browser →
 * request-callback (Deno) → the Vapi stand-in → /local/vapi-calls.json and the inbox.
 */

const FUNCTION = '**/functions/v1/request-callback';
const OPEN = 'Call my phone';

let numbers = 0;
/** A valid US number of its own for each use (the function calls a number once a day). */
function uniqueNumber(workerIndex: number): { typed: string; e164: string } {
  numbers += 1;
  const line = String((Date.now() + numbers * 7919 + workerIndex * 104729) % 10_000).padStart(
    4,
    '0',
  );
  const exchange = 200 + ((numbers + workerIndex * 50) % 700);
  return { typed: `(415) ${exchange}-${line}`, e164: `+1415${exchange}${line}` };
}

async function openForm(page: Page) {
  await page.getByRole('button', { name: OPEN }).click();
  await expect(page.getByLabel('Phone number')).toBeVisible();
}

async function fillAndConsent(page: Page, phone: string) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('checkbox', { name: /AI agent/ }).check();
}

/**
 * Asks for a call from the page at `origin` through the whole local loop, and answers what the
 * Vapi stand-in received for that number (Vapi's create-call bodies).
 */
async function askForACall(
  page: Page,
  request: APIRequestContext,
  origin: string,
  number: { typed: string; e164: string },
): Promise<CreateCallBody[]> {
  await page.goto(`${origin}/`);
  await openForm(page);
  await fillAndConsent(page, number.typed);
  await page.getByRole('button', { name: 'Call me now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling you now' })).toBeVisible();
  const calls = (await (await request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
    path: string;
    body: CreateCallBody;
  }[];
  return calls
    .filter((call) => call.path === '/call' && call.body.customer?.number === number.e164)
    .map((call) => call.body);
}

/** Answers the function with `status` and `body`, counting the requests and keeping them. */
async function answerFunction(page: Page, status: number, body: unknown, headers = {}) {
  const sent: Record<string, unknown>[] = [];
  await page.route(FUNCTION, async (route: Route) => {
    if (route.request().method() === 'OPTIONS') return route.continue();
    sent.push(route.request().postDataJSON() as Record<string, unknown>);
    await route.fulfill({ status, json: body, headers });
  });
  return sent;
}

test.describe('Call my phone', () => {
  test('loads nothing of its own until the visitor asks: no bot check, no form code', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path.includes('turnstile'))).toEqual([]);
    expect(requested.filter((path) => path.includes('callback-form'))).toEqual([]);
    await openForm(page);
    await expect
      .poll(() => requested.some((path) => path.endsWith('/turnstile/api.js')))
      .toBe(true);
  });

  test('says the form is opening while its code is on its way (a slow connection)', async ({
    page,
  }) => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/callback-form-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: OPEN }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Opening the call form' }),
    ).toBeVisible();
    release();
    await expect(page.getByLabel('Phone number')).toBeVisible();
  });

  test('opens a form with a phone field, an unticked consent box that links /privacy, and Call me now', async ({
    page,
  }) => {
    await page.goto('/');
    await openForm(page);
    const phone = page.getByLabel('Phone number');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('autocomplete', 'tel');
    await expect(phone).toBeFocused();
    const consent = page.getByRole('checkbox', {
      name: /one call from an AI agent at this number/,
    });
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Privacy' }).last()).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(page.getByRole('button', { name: 'Call me now' })).toBeEnabled();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: OPEN })).toBeFocused();
  });

  test('a number that cannot be a phone number, or no consent, gets a message by the field and sends nothing', async ({
    page,
  }) => {
    const sent = await answerFunction(page, 202, { status: 'calling' });
    await page.goto('/');
    await openForm(page);
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(
      page.getByText('Enter a mobile or landline number the agent can call'),
    ).toBeVisible();
    await expect(page.getByText('Tick the box so the agent may call you.')).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeFocused();
    await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Phone number').fill('(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(page.getByRole('checkbox', { name: /AI agent/ })).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('disables the button while sending, then says the phone will ring, with the estimate sent', async ({
    page,
  }) => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: Record<string, unknown>[] = [];
    await page.route(FUNCTION, async (route) => {
      sent.push(route.request().postDataJSON() as Record<string, unknown>);
      await held;
      await route.fulfill({ status: 202, json: { status: 'calling' } });
    });
    await page.goto('/');
    await page.getByLabel('Leads per month').fill('40');
    await page.getByLabel('Average deal value ($)').fill('2500');
    await page.getByLabel('Response delay (hours)').fill('1');
    await page.getByLabel('Close rate (%)').fill('20');
    await openForm(page);
    await fillAndConsent(page, '(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(page.getByRole('button', { name: 'Calling...' })).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Calling you now' })).toBeVisible();
    await expect(page.getByText('Your phone will ring within a minute.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      phone: '(415) 555-2671',
      consent: true,
      consent_version: CURRENT_CONSENT_VERSION,
      captcha: 'XXXX.DUMMY.TOKEN.XXXX',
      estimate: 10_000,
      variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 },
      page: '/',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  test('a limit reads in plain words: try later, or send the form', async ({ page }) => {
    await answerFunction(page, 429, { code: 'limited' }, { 'Retry-After': '3600' });
    await page.goto('/');
    await openForm(page);
    await fillAndConsent(page, '(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'try again later' })).toContainText(
      'send the form below',
    );
    await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-2671');
  });

  test('a failure says so, keeps the number, and the retry reuses the request id', async ({
    page,
    watch,
  }) => {
    const sent = await answerFunction(page, 502, { code: 'call_failed' });
    await page.goto('/');
    await openForm(page);
    await fillAndConsent(page, '(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "couldn't place the call" }),
    ).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveValue('(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]?.id).toBe(sent[0]?.id);
    expect(watch.errors.some((line) => line.startsWith('Call my phone: the request failed'))).toBe(
      true,
    );
    watch.errors.length = 0;
    // Another number is another request.
    await page.getByLabel('Phone number').fill('(416) 555-0199');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect.poll(() => sent.length).toBe(3);
    expect(sent[2]?.id).not.toBe(sent[0]?.id);
    watch.errors.length = 0;
  });

  test('a call the voice service may have placed reads so, and the retry places no other', async ({
    page,
  }) => {
    const sent = await answerFunction(page, 502, { code: 'call_uncertain' });
    await page.goto('/');
    await openForm(page);
    await fillAndConsent(page, '(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "If your phone doesn't ring within a minute" }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect.poll(() => sent.length).toBe(2);
    // The same request: the function places no second call for it.
    expect(sent[1]?.id).toBe(sent[0]?.id);
  });

  test('a refused bot check or a number the function refuses reads by the field or in the alert', async ({
    page,
  }) => {
    let answer: { status: number; json: unknown } = {
      status: 403,
      json: { code: 'captcha_failed' },
    };
    await page.route(FUNCTION, (route) => route.fulfill(answer));
    await page.goto('/');
    await openForm(page);
    await fillAndConsent(page, '(415) 555-2671');
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "confirm you're a person" }),
    ).toBeVisible();
    answer = { status: 400, json: { code: 'country_not_allowed' } };
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(page.getByText('The agent can only call US and Canadian numbers.')).toBeVisible();
  });

  test('a press before the page has taken over opens the form once', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: OPEN });
    await button.click();
    await button.click();
    await expect(button).toHaveAttribute('data-early-pressed', '');
    scripts.release();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveCount(1);
  });

  for (const width of [360, 1280]) {
    test(`the open form has no serious accessibility problem at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await openForm(page);
      await fillAndConsent(page, '123');
      await page.getByRole('button', { name: 'Call me now' }).click();
      await expect(
        page.getByText('Enter a mobile or landline number the agent can call'),
      ).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('the whole local loop: the function calls the Vapi stand-in once, and the inbox lists the callback', async ({
    page,
    request,
    baseURL,
  }, info) => {
    const number = uniqueNumber(info.workerIndex);
    const ours = await askForACall(page, request, new URL(baseURL!).origin, number);
    expect(ours).toHaveLength(1);
    const callbacks = (await (await request.get(LOCAL_ROUTES.callbacksJson)).json()) as {
      id: string;
      phone: string;
      status: string;
    }[];
    expect(callbacks.find((row) => row.phone === number.e164)).toMatchObject({
      id: ours[0]?.assistantOverrides?.metadata?.callback_id,
      status: 'calling',
    });
    const inbox = await (await request.get(LOCAL_ROUTES.inbox)).text();
    expect(inbox).toContain(number.e164);
  });

  test.describe('from another loopback name', () => {
    // The function is then another origin than the page: the browser asks it first (CORS) for
    // each header the request carries, and the visitor's address the other tests add is not
    // one a page may send. These two come from the loopback address itself.
    test.use({ extraHTTPHeaders: {} });
    for (const host of ['127.0.0.1', '[::1]']) {
      test(`works from http://${host}:PORT as from localhost: the function takes the page there`, async ({
        page,
        request,
        baseURL,
      }, info) => {
        const site = new URL(baseURL!);
        site.hostname = host;
        const number = uniqueNumber(info.workerIndex);
        expect(await askForACall(page, request, site.origin, number)).toHaveLength(1);
      });
    }
  });
});
