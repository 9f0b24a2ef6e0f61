import type { APIRequestContext, Page } from '@playwright/test';
import { expect, holdScripts, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

/**
 * A visitor acts the moment each part of the page shows, while the app's scripts are still on
 * their way (held back here): nothing typed is lost, every press counts exactly once.
 */

async function expectNotTakenOver(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
}

async function tookOver(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

async function leadsFor(request: APIRequestContext, email: string) {
  const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as { email: string }[];
  const hooks = (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
    payload: { email: string };
  }[];
  return {
    rows: rows.filter((row) => row.email === email),
    deliveries: hooks.map((d) => d.payload).filter((p) => p.email === email),
  };
}

test.describe('acting before the app has taken over', () => {
  test('numbers typed into the calculator stay, and the estimate shows at take-over', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Leads per month').fill('40');
    await page.getByLabel('Average deal value ($)').fill('2500');
    await page.getByLabel('Response delay (hours)').fill('1');
    await page.getByLabel('Close rate (%)').fill('20');
    await expectNotTakenOver(page);
    scripts.release();
    // 40 x 2,500 x 20% x min(1 / 2, 1)
    await expect(page.getByTestId('calculator-result')).toHaveText('$10,000');
    await expect(page.getByLabel('Leads per month')).toHaveValue('40');
    await expect(page.getByLabel('Close rate (%)')).toHaveValue('20');
    // And React owns the fields from then on.
    await page.getByLabel('Leads per month').fill('80');
    await expect(page.getByTestId('calculator-result')).toHaveText('$20,000');
  });

  test('keystrokes typed while the app takes over are all kept (CPU slowed 4x)', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const leads = page.getByLabel('Leads per month');
    await leads.click();
    await page.keyboard.type('1');
    scripts.release();
    // One key every 120 ms across the take-over: before, during and after hydration (within
    // the field's bound of 10,000 leads).
    await page.keyboard.type('234.567', { delay: 120 });
    await tookOver(page);
    await expect(leads).toHaveValue('1234.567');
    await page.getByLabel('Average deal value ($)').fill('10000');
    await page.getByLabel('Response delay (hours)').fill('2');
    await page.getByLabel('Close rate (%)').fill('100');
    await expect(page.getByTestId('calculator-result')).toHaveText('$12,345,670');
    await expect(leads).toHaveValue('1234.567');
  });

  test('the calculator shows only what it accepts from the first keystroke, and says why at take-over', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const leads = page.getByLabel('Leads per month');
    await leads.pressSequentially('-5abc');
    await expect(leads).toHaveValue('5');
    const rate = page.getByLabel('Close rate (%)');
    await rate.pressSequentially('150');
    await expect(rate).toHaveValue('15');
    await expectNotTakenOver(page);
    scripts.release();
    await tookOver(page);
    await expect(leads).toHaveValue('5');
    await expect(rate).toHaveValue('15');
    await expect(page.getByText('A close rate can be at most 100.')).toBeVisible();
    // The app keeps the same rule from here on.
    await leads.focus();
    await page.keyboard.press('End');
    await leads.pressSequentially('0-');
    await expect(leads).toHaveValue('50');
    await expect(page.getByText('Numbers only, no letters or signs.')).toBeVisible();
  });

  test('the contact form typed and sent early is sent once, with what was typed', async ({
    page,
    request,
    baseURL,
  }, info) => {
    const email = `early-${info.workerIndex}-${Date.now()}@example.com`;
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Name', { exact: true }).fill('Dana Early');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByLabel('Message').fill('Typed before the page took over.');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await send.click(); // an impatient second press is the same press
    await page.getByLabel('Message').press('Enter');
    // The press shows as received, and nothing was submitted natively.
    await expect(send).toHaveAttribute('data-early-pressed', '');
    expect(page.url()).toBe(`${baseURL}/`);
    await expectNotTakenOver(page);
    scripts.release();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toBeVisible();
    await expect(send).not.toHaveAttribute('data-early-pressed');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    const { rows, deliveries } = await leadsFor(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dana Early', phone: '(555) 010-2030' });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      name: 'Dana Early',
      message: 'Typed before the page took over.',
    });
    expect(page.url()).toBe(`${baseURL}/`);
  });

  test('Send Message pressed early on an incomplete form shows the problems at take-over', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Name', { exact: true }).fill('Dana Early');
    await page.getByRole('button', { name: 'Send Message' }).click();
    scripts.release();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dana Early');
  });

  test('the voice button pressed early starts exactly one call', async ({ page, context }) => {
    await context.grantPermissions(['microphone']);
    let calls = 0;
    await page.route('**/functions/v1/start-web-call', async (route) => {
      // A reservation on intent goes on; the press is held: the button stays connecting.
      if ((route.request().postDataJSON() as { intent?: boolean } | null)?.intent) {
        return route.continue();
      }
      calls += 1;
    });
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Press here for AI Voice Agent' });
    await button.click();
    await button.click();
    await expect(button).toHaveAttribute('data-early-pressed', '');
    await expectNotTakenOver(page);
    scripts.release();
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await expect.poll(() => calls).toBe(1);
    // The press was replayed and its key is live: nothing is left that could start a second call
    // (later presses go to React, which shows Connecting... and ignores them).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const early = window.__earlyPresses;
          return { queue: early?.queue, live: early?.live['voice-demo'] };
        }),
      )
      .toEqual({ queue: [], live: true });
    await expect(page.locator('[data-early-press="voice-demo"]')).not.toHaveAttribute(
      'data-early-pressed',
    );
    expect(calls).toBe(1);
  });

  test('Type instead pressed early opens the chat once, at take-over', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: /^Type instead/ }).click();
    await expectNotTakenOver(page);
    scripts.release();
    await expect(page.getByRole('heading', { name: 'Chat with the agent' })).toHaveCount(1);
    await expect(page.getByLabel('Your message')).toBeFocused();
  });

  test('the banner button pressed early brings the form into view', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Get your agent' }).click();
    scripts.release();
    await expect(page.locator('#contact h2')).toBeInViewport();
  });

  test('Book a Call pressed early on /about-me lands on the form once', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/about-me', { waitUntil: 'commit' });
    await page.locator('header').getByRole('button', { name: 'Book a Call' }).click();
    scripts.release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact h2')).toBeInViewport();
  });

  test('a visitor who scrolled /about-me before the take-over stays where they scrolled', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/about-me', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const scrolled = await page.evaluate(() => window.scrollY);
    await expectNotTakenOver(page);
    scripts.release();
    await tookOver(page);
    // Past the take-over's effects (a scroll to the top would have run by now).
    await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});

test.describe('a press made while the scripts arrive slowly', () => {
  /** Every script of the site arrives `ms` after it is asked for (a slow phone network). */
  async function slowScripts(page: Page, ms: number) {
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        await new Promise((done) => setTimeout(done, ms));
        await route.continue().catch(() => undefined);
      },
    );
  }

  test('Send Message pressed as the form shows, each script taking 8 s, stores the lead once', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const email = `slow-${info.workerIndex}-${Date.now()}@example.com`;
    await slowScripts(page, 8_000);
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.locator('#contact form');
    await form.getByLabel('Name', { exact: true }).fill('Dana Slow');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
    await form.getByLabel('Message', { exact: true }).fill('Sent on a slow phone network.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // Said politely from the press, before the app has taken over, while it waits for the code.
    const waiting = form.getByText('Still loading, your message will be sent.');
    await expect(waiting).toBeVisible();
    await expect(waiting.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
    await expectNotTakenOver(page);
    await tookOver(page);
    await expect(waiting).toBeVisible();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toBeVisible({ timeout: 90_000 });
    const { rows } = await leadsFor(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dana Slow', phone: '(555) 010-2030' });
  });

  test('Send Message pressed as the form shows, the files arriving one at a time 4 s apart, stores the lead once', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const email = `serial-${info.workerIndex}-${Date.now()}@example.com`;
    // One file at a time: the sender's files arrive after every file asked for before them,
    // long past 10 s from the press, but never 10 s after the file before.
    let free = Date.now();
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        free = Math.max(free, Date.now()) + 4_000;
        await new Promise((done) => setTimeout(done, free - Date.now()));
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.locator('#contact form');
    await form.getByLabel('Name', { exact: true }).fill('Dana Serial');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
    await form.getByLabel('Message', { exact: true }).fill('Sent one file at a time.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toBeVisible({ timeout: 170_000 });
    const { rows } = await leadsFor(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dana Serial', message: 'Sent one file at a time.' });
  });

  test("a sender's file that fails says the message was not sent and keeps every character typed", async ({
    page,
    request,
  }, info) => {
    const email = `failed-${info.workerIndex}-${Date.now()}@example.com`;
    await page.route(
      (url) => /^\/assets\/send-contact-[\w-]+\.js$/.test(url.pathname),
      (route) => route.abort('connectionreset'),
    );
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const form = page.locator('#contact form');
    const typed = {
      Name: 'Zoë O’Brien-Ñúñez',
      Email: email,
      Phone: '+1 (555) 010-2030 ext. 7',
      'Company (optional)': 'Café & Sons <HVAC>',
      Message: 'Two lines:\n  after 6 pm — and weekends 🙂  ',
    };
    for (const [label, value] of Object.entries(typed))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByRole('alert')).toContainText(
      'The page could not finish loading, so your message was not sent.',
    );
    for (const [label, value] of Object.entries(typed))
      await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect((await leadsFor(request, email)).rows).toHaveLength(0);
  });
});
