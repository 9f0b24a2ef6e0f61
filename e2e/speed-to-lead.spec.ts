import type { Page } from '@playwright/test';
import type { CreateCallBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { callNow } from '../src/content/call-now';
import { expect, test } from './fixtures';
import { useOwnStack } from './own-stack';

/**
 * "Have the agent call me now" on the default profile's contact form, through the whole local
 * stack: the lead is stored by submit-lead, the call goes through request-callback to the Vapi
 * stand-in with the lead's words, and the stand-in's status-update messages (at the delays set
 * with /local/vapi/mode) reach vapi-events; the page's stopwatch reads them with its ticket and
 * stops at the ringing with the figure from the press. A stack of its own: the Vapi stand-in's
 * delays are the stack's, and the callbacks' limits per address are raised for these tests.
 */

const { origin: ORIGIN } = useOwnStack('speed-to-lead', {
  LOCAL_FUNCTION_CALLBACK_PER_ADDRESS_HOUR: '100',
});

/** When the stand-in says the phone rings, after it takes the call. */
const RINGING_MS = 3_000;

let numbers = 0;
/** A valid US number of its own for each test (a number is called once a day). */
function uniqueNumber(): { typed: string; e164: string } {
  numbers += 1;
  const line = String((Date.now() + numbers * 7919) % 10_000).padStart(4, '0');
  const exchange = 200 + (((Date.now() / 1000 + numbers * 37) % 700) | 0);
  return { typed: `(415) ${exchange}-${line}`, e164: `+1415${exchange}${line}` };
}

async function setStatusDelays(page: Page, statusDelays: Record<string, number | null>) {
  const set = await page.request.post(LOCAL_ROUTES.vapiMode, {
    data: { mode: 'ok', statusDelays },
  });
  expect(set.status(), await set.text()).toBe(200);
}

/** Fills the contact form with `phone`, and ticks the box when `callNow`. */
async function fill(page: Page, phone: string, email: string, tick: boolean) {
  const form = page.locator('#contact form');
  await form.getByLabel('Name', { exact: true }).fill('Dana Lee');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel('Company (optional)', { exact: true }).fill('Sunny Roofing');
  await form.getByLabel('Message', { exact: true }).fill('We miss calls after 6 pm.');
  if (tick) await form.getByRole('checkbox', { name: 'Have the agent call me now' }).check();
}

/** The Vapi stand-in's create-call bodies for a number. */
async function callsTo(page: Page, e164: string): Promise<CreateCallBody[]> {
  const calls = (await (await page.request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
    path: string;
    body: CreateCallBody;
  }[];
  return calls
    .filter((call) => call.path === '/call' && call.body.customer?.number === e164)
    .map((call) => call.body);
}

const leadStored = async (page: Page, email: string) => {
  const leads = (await (await page.request.get(LOCAL_ROUTES.leadsJson)).json()) as {
    email: string;
  }[];
  return leads.some((lead) => lead.email === email);
};

test.afterEach(async ({ page }) => {
  // The next test (or spec) starts from the stand-in's defaults.
  await page.request.post(`${ORIGIN}${LOCAL_ROUTES.vapiMode}`, { data: { mode: 'ok' } });
});

test("a ticked box sends the lead and a call with the lead's words; the stopwatch stops at the ringing with the figure from the press", async ({
  page,
}) => {
  await setStatusDelays(page, { queued: 100, ringing: RINGING_MS, 'in-progress': null });
  const number = uniqueNumber();
  const email = `dana+${numbers}@example.com`;
  // The lead takes a second to store: the stopwatch counts it, from the press, not from the call.
  await page.route('**/functions/v1/submit-lead', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await fill(page, number.typed, email, true);
  const send = page.locator('#contact form').getByRole('button', { name: 'Send Message' });
  // The press, on the page's clock, before the form's own handler sees it.
  await send.evaluate((button) =>
    button.addEventListener(
      'click',
      () => ((window as unknown as { pressedAt: number }).pressedAt = performance.now()),
      { capture: true, once: true },
    ),
  );
  await send.click();

  const stopwatch = page.getByRole('region', { name: callNow.stopwatch.heading });
  await expect(stopwatch.getByRole('timer')).toBeVisible();
  const status = stopwatch.getByRole('status');
  await expect(status).toContainText('Your phone rang', { timeout: 15_000 });
  const shown = Number(/rang ([\d.]+) s/.exec((await status.textContent()) ?? '')?.[1]);

  // The true time from the press to the stand-in's ring: the stand-in took the call while
  // request-callback's request was in flight (between its start and its answer, on the page's
  // clock), and rang RINGING_MS after. The figure must be within 0.2 s of that window.
  const timing = await page.evaluate(() => {
    const pressedAt = (window as unknown as { pressedAt: number }).pressedAt;
    const request = performance
      .getEntriesByType('resource')
      .find((entry) =>
        entry.name.endsWith('/functions/v1/request-callback'),
      ) as PerformanceResourceTiming;
    return { start: request.startTime - pressedAt, end: request.responseEnd - pressedAt };
  });
  expect(timing.start).toBeGreaterThanOrEqual(1_000);
  expect(shown).toBeGreaterThanOrEqual((RINGING_MS + timing.start) / 1000 - 0.2);
  expect(shown).toBeLessThanOrEqual((RINGING_MS + timing.end) / 1000 + 0.2);
  // It stopped: the clock shows the figure, and stays.
  await expect(stopwatch.getByRole('timer')).toHaveText(`${shown.toFixed(1)} s`);
  await page.waitForTimeout(500);
  await expect(stopwatch.getByRole('timer')).toHaveText(`${shown.toFixed(1)} s`);

  // The lead is stored, and the call went to the form's number with the lead's words.
  expect(await leadStored(page, email)).toBe(true);
  const [call, ...more] = await callsTo(page, number.e164);
  expect(more).toEqual([]);
  expect(call?.assistantOverrides?.variableValues).toMatchObject({
    lead_name: 'Dana Lee',
    lead_company: 'Sunny Roofing',
    lead_message: 'We miss calls after 6 pm.',
  });
  // The owner's figure in the call's row is the page's.
  const callbacks = (await (await page.request.get(LOCAL_ROUTES.callbacksJson)).json()) as {
    phone: string;
    ringing_after_ms: number | null;
  }[];
  const row = callbacks.find((callback) => callback.phone === number.e164);
  expect(row?.ringing_after_ms).not.toBeNull();
  expect(Math.abs(row!.ringing_after_ms! / 1000 - shown)).toBeLessThanOrEqual(0.05);
});

test('an unticked box calls no one', async ({ page }) => {
  const number = uniqueNumber();
  const email = `dana+${numbers}@example.com`;
  await page.goto('/');
  await fill(page, number.typed, email, false);
  await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  expect(await leadStored(page, email)).toBe(true);
  await expect(page.getByRole('timer')).toHaveCount(0);
  expect(await callsTo(page, number.e164)).toEqual([]);
});

test('a number the agent may not call keeps the lead and says why', async ({ page }) => {
  const email = `dana+fictional${Date.now()}@example.com`;
  await page.goto('/');
  // 555-01xx numbers are fictional: the form takes them, the agent calls no such number.
  await fill(page, '(555) 010-2030', email, true);
  await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).click();
  const line = page.getByRole('alert').filter({ hasText: callNow.refused.sent });
  await expect(line).toContainText(callNow.refused.invalid);
  await expect(page.getByText('Success!')).toBeVisible();
  expect(await leadStored(page, email)).toBe(true);
});

test('a limit keeps the lead and says why: a number is called once a day', async ({ page }) => {
  const number = uniqueNumber();
  await page.goto('/');
  await fill(page, number.typed, `dana+first${numbers}@example.com`, true);
  await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('region', { name: callNow.stopwatch.heading })).toBeVisible();
  await expect.poll(() => callsTo(page, number.e164)).toHaveLength(1);

  // A second message from the same number, the same day: stored, and no second call.
  const second = `dana+second${numbers}@example.com`;
  await page.goto('/');
  await fill(page, number.typed, second, true);
  await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).click();
  const line = page.getByRole('alert').filter({ hasText: callNow.refused.sent });
  await expect(line).toContainText(callNow.refused.limited);
  expect(await leadStored(page, second)).toBe(true);
  expect(await callsTo(page, number.e164)).toHaveLength(1);
});
