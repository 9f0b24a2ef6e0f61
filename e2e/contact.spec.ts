import type { Route } from '@playwright/test';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import {
  deliveries,
  ERROR_TEXT,
  expectFormKept,
  fillContactForm,
  sendContactForm,
  storedRows,
  SUCCESS_TEXT,
  uniqueEmail,
} from './contact-form';
import { loseFirstAnswer } from './visitor';
import { expect, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

/**
 * The contact form as it ships (the default profile): the page sends each lead to the
 * submit-lead function, which stores it and posts it, signed, to the owner's webhook; the page
 * never learns the webhook's address.
 */

const SUBMIT_LEAD = '/functions/v1/submit-lead';
const FUNCTION = `**${SUBMIT_LEAD}`;

test.describe('the contact form', () => {
  test('sends a lead end to end: stored once, posted once and signed, nothing from the page to the webhook; then clears', async ({
    page,
    request,
    watch,
  }, info) => {
    const email = uniqueEmail(info.title);
    const sdkRequests: string[] = [];
    const toWebhook: string[] = [];
    page.on('request', (r) => {
      if (/send-contact/.test(r.url())) sdkRequests.push(r.url());
      if (r.url().includes(LOCAL_ROUTES.webhook)) toWebhook.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(sdkRequests).toEqual([]);
    await fillContactForm(page, email, 'Lee Roofing');
    expect(sdkRequests.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toContainText(SUCCESS_TEXT);
    const form = page.locator('#contact form');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue('');

    const rows = await storedRows(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Dana Lee',
      company: 'Lee Roofing',
      message: 'We miss calls after 6 pm.',
    });
    const sent = await deliveries(request, email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload.id).toBe(rows[0]?.id);
    expect(sent[0]?.headers['webhook-id']).toBe(rows[0]?.id);
    expect(sent[0]?.signature).toBe('verified');
    expect(sent[0]?.payload.created_at).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M P[SD]T$/,
    );
    expect(toWebhook).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  test('sends submit-lead the row with a Pacific ISO created_at and the public key only, and makes no Intl date formatter', async ({
    page,
  }, info) => {
    // The first Intl.DateTimeFormat of a page loads ICU's time-zone data: 32 to 57 ms in a fresh
    // renderer, 4x that on a phone, as the visitor starts to type. The sender writes Pacific time
    // with plain arithmetic, so the page makes none while a visitor focuses, fills and sends.
    await page.addInitScript(() => {
      const counted = window as unknown as { dateFormats: number };
      counted.dateFormats = 0;
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormats += 1;
          return new target(...args);
        },
        apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormats += 1;
          return target(...args);
        },
      });
    });
    const email = uniqueEmail(info.title);
    await page.goto('/');
    await fillContactForm(page, email);
    const insert = page.waitForRequest(
      (r) => r.url().endsWith(SUBMIT_LEAD) && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sent = await insert;
    const body = sent.postDataJSON() as Record<string, string>;
    // The spec's fields, and where the lead came from (docs/contracts.md); no bot-check token on
    // the first try.
    expect(Object.keys(body).sort()).toEqual([
      'company',
      'created_at',
      'demo_call',
      'email',
      'estimate',
      'id',
      'message',
      'name',
      'page',
      'phone',
      'trade',
      'utm',
      'visit_id',
    ]);
    // On /, no trade page: none.
    expect(body.trade).toBeNull();
    // The visit, which the demo calls' reports carry too.
    expect(body.visit_id).toBe(await page.evaluate(() => sessionStorage.getItem('visit:id')));
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[78]:00$/);
    expect(sent.headers()['apikey']).toBe(LOCAL_ANON_KEY_DEFAULT);
    await expect(page.getByText('Success!')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { dateFormats: number }).dateFormats),
    ).toBe(0);
  });

  for (const fault of [
    {
      name: 'a 500',
      route: (r: Route) =>
        r.fulfill({
          status: 500,
          json: { code: 'XX000', message: 'boom', details: null, hint: null },
        }),
      attempts: 1,
    },
    {
      name: 'a 503',
      route: (r: Route) => r.fulfill({ status: 503, body: 'Service Unavailable' }),
      attempts: 3,
    },
    {
      name: 'a dropped connection',
      route: (r: Route) => r.abort('connectionreset'),
      attempts: 3,
    },
  ]) {
    test(`after ${fault.name} it shows the error, keeps the form, and a retry stores and posts one lead`, async ({
      page,
      request,
    }, info) => {
      const email = uniqueEmail(info.title);
      let attempts = 0;
      await page.route(FUNCTION, async (route) => {
        attempts += 1;
        await fault.route(route);
      });
      await sendContactForm(page, email);
      const alert = page.locator('#contact').getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText(ERROR_TEXT);
      await expectFormKept(page, email);
      expect(attempts).toBe(fault.attempts);
      expect(await storedRows(request, email)).toHaveLength(0);

      await page.unroute(FUNCTION);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
      await expect(page.locator('#contact').getByRole('alert')).toBeEmpty();
      expect(await storedRows(request, email)).toHaveLength(1);
      expect(await deliveries(request, email)).toHaveLength(1);
    });
  }

  test('a 429 (too many from one address) shows the error, keeps the form, and is not retried', async ({
    page,
    request,
  }, info) => {
    // This visitor's address sent 5 leads in the last 10 minutes: `request` sends the same
    // X-Forwarded-For as the page (e2e/fixtures.ts), so the database's limit is reached.
    for (let i = 0; i < 5; i += 1) {
      const earlier = await request.post(SUBMIT_LEAD, {
        headers: {
          apikey: LOCAL_ANON_KEY_DEFAULT,
          authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
          'content-type': 'application/json',
        },
        data: {
          id: crypto.randomUUID(),
          name: 'Earlier visitor',
          email: `earlier-${i}@example.com`,
          phone: '555 010 2030',
          message: 'An earlier lead',
          created_at: new Date().toISOString(),
        },
      });
      expect(earlier.status()).toBe(201);
    }
    const email = uniqueEmail(info.title);
    const answers: number[] = [];
    page.on('response', (response) => {
      const sent = response.request();
      if (sent.method() === 'POST' && sent.url().endsWith(SUBMIT_LEAD)) {
        answers.push(response.status());
      }
    });
    await sendContactForm(page, email);
    const alert = page.locator('#contact').getByRole('alert');
    await expect(alert).toContainText(ERROR_TEXT);
    await expectFormKept(page, email);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // The error shows once every automatic retry is over: there was none for a 429.
    expect(answers).toEqual([429]);
    expect(await storedRows(request, email)).toHaveLength(0);
  });

  test('when the connection drops after the lead is stored, the automatic retry stores and posts nothing twice', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    await loseFirstAnswer(page, FUNCTION);
    await sendContactForm(page, email);
    await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
    expect(await storedRows(request, email)).toHaveLength(1);
    expect(await deliveries(request, email)).toHaveLength(1);
  });

  test('checks required fields and the email before sending anything', async ({ page }) => {
    let sends = 0;
    await page.route(FUNCTION, async (route) => {
      sends += 1;
      await route.continue();
    });
    await page.goto('/');
    const form = page.locator('#contact form');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your message.')).toBeVisible();
    await form.getByLabel('Name', { exact: true }).fill('Dana');
    await form.getByLabel('Email', { exact: true }).fill('dana@example');
    await form.getByLabel('Phone', { exact: true }).fill('555 010 2030');
    await form.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(
      page.getByText('Please enter an email address like name@example.com.'),
    ).toBeVisible();
    expect(sends).toBe(0);
  });

  test('shows at most one toast, and screen readers hear each one', async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.route(FUNCTION, (route) => route.fulfill({ status: 500 }));
    await page.goto('/');
    // Both live regions are in the page before anything is announced.
    await expect(page.locator('[role="status"][aria-live="polite"]').last()).toBeAttached();
    await expect(page.locator('[role="alert"][aria-live="assertive"]')).toBeAttached();
    await fillContactForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
    await page.unroute(FUNCTION);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toBeVisible();
    await expect(page.getByText(ERROR_TEXT)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(page.getByText('Success!')).toHaveCount(0);
  });

  test('the toast does not cover the form on a phone', async ({ page }, info) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = uniqueEmail(info.title);
    await page.route(FUNCTION, (route) => route.fulfill({ status: 500 }));
    await sendContactForm(page, email);
    const toast = page.locator('#contact').getByRole('alert').locator('div').first();
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const formBox = await page.locator('#contact form').boundingBox();
    expect(toastBox && formBox).toBeTruthy();
    expect(toastBox!.y).toBeGreaterThanOrEqual(formBox!.y + formBox!.height);
  });
});
