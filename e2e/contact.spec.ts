import type { APIRequestContext, Page, Route } from '@playwright/test';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { expect, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const INSERT = '**/rest/v1/contact_submissions';
const WEBHOOK = `**${LOCAL_ROUTES.webhook}`;
const ERROR_TEXT = 'There was a problem sending your message. Please try again.';
const SUCCESS_TEXT = "Your message has been sent. We'll be in touch soon.";

interface StoredLead {
  id: string;
  email: string;
  name: string;
  company: string | null;
  message: string;
  created_at: string;
}

/** A unique email per test, so tests running side by side never see each other's rows. */
function uniqueEmail(testTitle: string): string {
  return `${testTitle.replace(/\W+/g, '-').slice(0, 30).toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function fillForm(page: Page, email: string) {
  await page.getByLabel('Name').fill('Dana Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(555) 010-2030');
  await page.getByLabel('Company (optional)').fill('Lee Roofing');
  await page.getByLabel('Message').fill('We miss calls after 6 pm.');
}

async function storedRows(request: APIRequestContext, email: string): Promise<StoredLead[]> {
  const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as StoredLead[];
  return rows.filter((row) => row.email === email);
}

async function deliveries(request: APIRequestContext, email: string) {
  const all = (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
    payload: StoredLead;
  }[];
  return all.map((d) => d.payload).filter((p) => p.email === email);
}

/** Counts the page's posts to the webhook, which go on to the local stack. */
async function countWebhookPosts(page: Page): Promise<{ posts: number }> {
  const webhook = { posts: 0 };
  await page.route(WEBHOOK, async (route) => {
    webhook.posts += 1;
    await route.continue();
  });
  return webhook;
}

async function expectFormKept(page: Page, email: string) {
  await expect(page.getByLabel('Name')).toHaveValue('Dana Lee');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Message')).toHaveValue('We miss calls after 6 pm.');
}

test.describe('the contact form', () => {
  test('sends a lead end to end into the database and the webhook, then clears', async ({
    page,
    request,
    watch,
  }, info) => {
    const email = uniqueEmail(info.title);
    const sdkRequests: string[] = [];
    page.on('request', (r) => {
      if (/send-contact/.test(r.url())) sdkRequests.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(sdkRequests).toEqual([]);
    await fillForm(page, email);
    expect(sdkRequests.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toContainText(SUCCESS_TEXT);
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');

    const rows = await storedRows(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Dana Lee',
      company: 'Lee Roofing',
      message: 'We miss calls after 6 pm.',
    });
    const sent = await deliveries(request, email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.id).toBe(rows[0]?.id);
    expect(sent[0]?.created_at).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M P[SD]T$/,
    );
    expect(watch.errors).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
  });

  test('posts the row with a Pacific ISO created_at and the public key only, and makes no Intl date formatter', async ({
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
    await fillForm(page, email);
    const insert = page.waitForRequest(
      (r) => r.url().includes('/rest/v1/contact_submissions') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sent = await insert;
    const body = sent.postDataJSON() as Record<string, string>;
    // The spec's fields, and where the lead came from (docs/contracts.md).
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
      name: 'a database 500',
      route: (r: Route) =>
        r.fulfill({
          status: 500,
          json: { code: 'XX000', message: 'boom', details: null, hint: null },
        }),
      attempts: 1,
    },
    {
      name: 'a database 503',
      route: (r: Route) => r.fulfill({ status: 503, body: 'Service Unavailable' }),
      attempts: 3,
    },
    {
      name: 'a dropped database connection',
      route: (r: Route) => r.abort('connectionreset'),
      attempts: 3,
    },
  ]) {
    test(`after ${fault.name} it shows the error, keeps the form, skips the webhook, and a retry stores one row`, async ({
      page,
      request,
    }, info) => {
      const email = uniqueEmail(info.title);
      let insertAttempts = 0;
      await page.route(INSERT, async (route) => {
        insertAttempts += 1;
        await fault.route(route);
      });
      const webhook = await countWebhookPosts(page);
      await page.goto('/');
      await fillForm(page, email);
      await page.getByRole('button', { name: 'Send Message' }).click();
      const alert = page.locator('#contact').getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText(ERROR_TEXT);
      await expectFormKept(page, email);
      expect(insertAttempts).toBe(fault.attempts);
      expect(webhook.posts).toBe(0);
      expect(await storedRows(request, email)).toHaveLength(0);

      await page.unroute(INSERT);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
      await expect(page.locator('#contact').getByRole('alert')).toBeEmpty();
      expect(await storedRows(request, email)).toHaveLength(1);
      expect(webhook.posts).toBe(1);
    });
  }

  test('a 429 from the database (too many from one address) shows the error, keeps the form, and is not retried', async ({
    page,
    request,
  }, info) => {
    // This visitor's address sent 5 leads in the last 10 minutes: `request` sends the same
    // X-Forwarded-For as the page (e2e/fixtures.ts), so the database's limit is reached.
    for (let i = 0; i < 5; i += 1) {
      const earlier = await request.post('/rest/v1/contact_submissions', {
        headers: { apikey: LOCAL_ANON_KEY_DEFAULT, 'content-type': 'application/json' },
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
      if (sent.method() === 'POST' && sent.url().includes('/rest/v1/contact_submissions')) {
        answers.push(response.status());
      }
    });
    const webhook = await countWebhookPosts(page);
    await page.goto('/');
    await fillForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.locator('#contact').getByRole('alert');
    await expect(alert).toContainText(ERROR_TEXT);
    await expectFormKept(page, email);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // The error shows once every automatic retry is over: there was none for a 429.
    expect(answers).toEqual([429]);
    expect(webhook.posts).toBe(0);
    expect(await storedRows(request, email)).toHaveLength(0);
  });

  test('when the connection drops after the row is stored, the automatic retry stores nothing twice', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    let first = true;
    await page.route(INSERT, async (route) => {
      if (first) {
        first = false;
        await route.fetch(); // reaches the database...
        await route.abort('connectionreset'); // ...but the answer is lost on the way back
        return;
      }
      await route.continue();
    });
    await page.goto('/');
    await fillForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
    expect(await storedRows(request, email)).toHaveLength(1);
    expect(await deliveries(request, email)).toHaveLength(1);
  });

  for (const status of [500, 502]) {
    test(`after a webhook ${status} it shows the error and a retry succeeds without a second row`, async ({
      page,
      request,
    }, info) => {
      const email = uniqueEmail(info.title);
      let webhookCalls = 0;
      await page.route(WEBHOOK, async (route) => {
        webhookCalls += 1;
        await route.fulfill({ status, body: 'nope' });
      });
      await page.goto('/');
      await fillForm(page, email);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
      await expectFormKept(page, email);
      expect(webhookCalls).toBe(status === 502 ? 3 : 1);
      const stored = await storedRows(request, email);
      expect(stored).toHaveLength(1);

      await page.unroute(WEBHOOK);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
      const after = await storedRows(request, email);
      expect(after).toHaveLength(1);
      expect(after[0]?.id).toBe(stored[0]?.id);
      const sent = await deliveries(request, email);
      expect(sent.map((p) => p.id)).toEqual([stored[0]?.id]);
    });
  }

  test('a webhook that hangs fails after the 10 s timeout instead of leaving Sending... up', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    await page.clock.install();
    let webhookAsked = false;
    await page.route(WEBHOOK, () => {
      webhookAsked = true; // never answers
    });
    await page.goto('/');
    await fillForm(page, email);
    // The page's time stands still from here: only the test moves it.
    await page.clock.pauseAt(Date.now() + 5_000);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => webhookAsked).toBe(true);
    // Just short of 10 s of the page's time it is still waiting...
    await page.clock.runFor(9_900);
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.locator('#contact').getByRole('alert')).toBeEmpty();
    // ...and at 10 s it gives up, with the error and everything typed kept.
    await page.clock.runFor(200);
    await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expectFormKept(page, email);
    expect(await storedRows(request, email)).toHaveLength(1);
  });

  test('checks required fields and the email before sending anything', async ({ page }) => {
    let inserts = 0;
    await page.route(INSERT, async (route) => {
      inserts += 1;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your message.')).toBeVisible();
    await page.getByLabel('Name').fill('Dana');
    await page.getByLabel('Email').fill('dana@example');
    await page.getByLabel('Phone').fill('555 010 2030');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(
      page.getByText('Please enter an email address like name@example.com.'),
    ).toBeVisible();
    expect(inserts).toBe(0);
  });

  test('shows at most one toast, and screen readers hear each one', async ({ page }, info) => {
    const email = uniqueEmail(info.title);
    await page.route(WEBHOOK, (route) => route.fulfill({ status: 500 }));
    await page.goto('/');
    // Both live regions are in the page before anything is announced.
    await expect(page.locator('[role="status"][aria-live="polite"]').last()).toBeAttached();
    await expect(page.locator('[role="alert"][aria-live="assertive"]')).toBeAttached();
    await fillForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
    await page.unroute(WEBHOOK);
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
    await page.route(WEBHOOK, (route) => route.fulfill({ status: 500 }));
    await page.goto('/');
    await fillForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.locator('#contact').getByRole('alert').locator('div').first();
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const formBox = await page.locator('#contact form').boundingBox();
    expect(toastBox && formBox).toBeTruthy();
    expect(toastBox!.y).toBeGreaterThanOrEqual(formBox!.y + formBox!.height);
  });
});
