import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { expect, test } from './fixtures';
import { standInForSdk, type FakeVapiWindow } from './fake-vapi';
import { useOwnStack } from './own-stack';

/**
 * Server mode (VITE_VAPI_AUTH=server) on its own built site and local stack: the voice button
 * asks the start-web-call function (behind the local Turnstile stand-in) for a call, which the
 * function starts on the Vapi stand-in, and the page joins the room it answers with. No Vapi key
 * is built into the page and the browser makes no request to Vapi's API. Daily's rooms cannot be
 * joined offline: the first test runs the real SDK up to Daily's boundary, the others stand in
 * for the SDK at the one place the site loads it (as conversion.spec.ts does).
 */

const FUNCTION = '**/functions/v1/start-web-call';
const IDLE = 'Press here for AI Voice Agent';
const UNUSED_PUBLIC_KEY = 'server-mode-unused-public-key';

const { origin: ORIGIN, stack } = useOwnStack('server-mode', {
  VITE_VAPI_AUTH: 'server',
  VITE_VAPI_ASSISTANT_ID: 'server-mode-assistant',
  // Set, but server mode must not ship it.
  VITE_VAPI_PUBLIC_KEY: UNUSED_PUBLIC_KEY,
  // Twelve minutes a day: four calls of three, then the day is spent (the last test). The
  // other limits are out of the way (each test is a visitor of its own, and the stood-in
  // calls send no report, so they count as in progress).
  LOCAL_FUNCTION_WEB_CALL_DAILY_MINUTES: '12',
  LOCAL_FUNCTION_WEB_CALL_PER_ADDRESS: '100',
  LOCAL_FUNCTION_WEB_CALL_CONCURRENT: '100',
});

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['microphone']);
});

/** Holds the page's start-web-call requests until the returned function is called. */
async function holdStartWebCall(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(FUNCTION, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  return () => release();
}

/** Every request the page makes to Vapi's API (none may be made). */
function vapiApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'api.vapi.ai') seen.push(request.url());
  });
  return seen;
}

/** The web calls the Vapi stand-in was asked for, for one visit. */
async function webCallsOf(page: Page, visitId: string) {
  const calls = (await (await page.request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
    path: string;
    body: CreateWebCallBody;
  }[];
  return calls.filter(
    (call) =>
      call.path === '/call/web' && call.body.assistantOverrides?.metadata?.visit_id === visitId,
  );
}

test('ships no Vapi key, asks start-web-call at the press and joins the room it made, never calling Vapi', async ({
  page,
  watch,
}) => {
  for (const file of await readdir(join(stack().root, 'site', 'assets'))) {
    const code = await readFile(join(stack().root, 'site', 'assets', file), 'utf8');
    expect(code, file).not.toContain(UNUSED_PUBLIC_KEY);
  }
  expect(await readFile(join(stack().root, 'site', 'index.html'), 'utf8')).not.toContain(
    UNUSED_PUBLIC_KEY,
  );
  const toVapi = vapiApiRequests(page);
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/start-web-call') && request.method() === 'POST') {
      asked.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  await page.goto('/');
  await page.getByLabel('Leads per month').fill('40');
  await page.getByLabel('Average deal value ($)').fill('2500');
  await page.getByLabel('Response delay (hours)').fill('1');
  await page.getByLabel('Close rate (%)').fill('20');
  await page.getByRole('button', { name: IDLE }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    captcha: 'XXXX.DUMMY.TOKEN.XXXX',
    visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 },
  });
  // The function started it, with its own settings.
  await expect
    .poll(async () => (await webCallsOf(page, String(asked[0]!.visit_id))).length)
    .toBe(1);
  const [call] = await webCallsOf(page, String(asked[0]!.visit_id));
  expect(call!.body).toMatchObject({
    assistantId: 'server-mode-assistant',
    assistantOverrides: { maxDurationSeconds: 180, variableValues: { estimate: 10_000 } },
  });
  // The real SDK goes on to Daily (its call machine), which is out of reach here: back to idle.
  await expect(page.getByRole('button', { name: IDLE })).toBeVisible({ timeout: 25_000 });
  await expect
    .poll(() => watch.thirdParty.some((url) => url.startsWith('https://c.daily.co/')))
    .toBe(true);
  expect(toVapi).toEqual([]);
});

test('Type instead goes through the chat function behind one bot check; its end brings the report', async ({
  page,
}) => {
  const toVapi = vapiApiRequests(page);
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/chat') && request.method() === 'POST')
      asked.push(request.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  await page.getByRole('button', { name: /^Type instead/ }).click();
  const log = page.getByRole('log', { name: 'Chat with the agent' });
  for (const text of ['Do you answer at night?', 'And on Sundays?']) {
    await page.getByLabel('Your message').fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(log).toContainText(chatReplyTo(text));
  }
  expect(asked.map((body) => body.captcha)).toEqual(['XXXX.DUMMY.TOKEN.XXXX', null]);
  expect(new Set(asked.map((body) => body.id)).size).toBe(1);
  // The second message brings the chat's key from the first answer; the page never shows it.
  const key = asked[1]!.key as string;
  expect(asked[0]!.key).toBeNull();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.locator('body').innerText()).not.toContain(key);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect.poll(() => asked.length).toBe(3);
  expect(asked[2]).toMatchObject({ id: asked[0]!.id, end: true, key });
  // The stand-in completes the session and sends its report to vapi-events, with the visit.
  await expect
    .poll(async () => {
      const reports = (await (await page.request.get(LOCAL_ROUTES.callReportsJson)).json()) as {
        kind: string;
        visit_id: string | null;
      }[];
      return reports.some(
        (report) => report.kind === 'webChat' && report.visit_id === asked[0]!.visit_id,
      );
    })
    .toBe(true);
  expect(toVapi).toEqual([]);
});

test('a chat that cannot go on from here (403 not_yours) says so, keeps the text, and the next Send starts a new chat', async ({
  page,
}) => {
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/chat') && request.method() === 'POST')
      asked.push(request.postDataJSON() as Record<string, unknown>);
  });
  // The second message is refused as the function refuses a key from another address.
  let messages = 0;
  await page.route('**/functions/v1/chat', async (route) => {
    if (route.request().method() !== 'POST' || ++messages !== 2) return route.fallback();
    await route.fulfill({
      status: 403,
      headers: { 'access-control-allow-origin': ORIGIN },
      json: { code: 'not_yours', message: 'This chat cannot go on from here.' },
    });
  });
  await page.goto('/');
  await page.getByRole('button', { name: /^Type instead/ }).click();
  const log = page.getByRole('log', { name: 'Chat with the agent' });
  const box = page.getByLabel('Your message');
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await box.fill('Do you answer at night?');
  await sendButton.click();
  await expect(log).toContainText(chatReplyTo('Do you answer at night?'));
  await box.fill('And on Sundays?');
  await sendButton.click();
  await expect(
    page.getByRole('status').filter({ hasText: "This chat can't go on from here" }),
  ).toBeVisible();
  await expect(box).toHaveValue('And on Sundays?');
  await sendButton.click();
  await expect(log).toContainText(chatReplyTo('And on Sundays?'));
  expect(asked.map((body) => [body.captcha !== null, body.key !== null])).toEqual([
    [true, false],
    [false, true],
    [true, false],
  ]);
  expect(asked[2]!.id).not.toBe(asked[0]!.id);
});

test.describe('with the SDK stood in for', () => {
  test.beforeEach(async ({ page }) => {
    await standInForSdk(page);
  });

  test('every state of the spec: Connecting..., End Call, AI is speaking..., Mute, then idle', async ({
    page,
  }) => {
    const release = await holdStartWebCall(page);
    const toVapi = vapiApiRequests(page);
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    const connecting = page.getByRole('button', { name: 'Connecting...' });
    await expect(connecting).toBeVisible();
    await expect(connecting).toHaveAttribute('aria-disabled', 'true');
    release();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    const joined = await page.evaluate(
      () => (window as unknown as { __vapi: { joined: { webCallUrl: string } } }).__vapi.joined,
    );
    expect(joined.webCallUrl).toMatch(/^https:\/\/vapi\.daily\.co\//);
    // Server mode joins the room the server made; it never starts a call itself.
    expect(
      await page.evaluate(() => (window as unknown as FakeVapiWindow).__vapi.started),
    ).toBeUndefined();
    await page.evaluate(() =>
      (window as unknown as { __vapi: { emit: (e: string) => void } }).__vapi.emit('speech-start'),
    );
    await expect(page.getByRole('button', { name: 'AI is speaking...' })).toBeVisible();
    await page.getByRole('button', { name: 'Mute' }).click();
    await expect(page.getByRole('button', { name: 'Unmute' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'AI is speaking...' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    expect(toVapi).toEqual([]);
  });

  test('intent reserves the call behind the bot check; the press then asks for it without a token', async ({
    page,
  }) => {
    const asked: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/functions/v1/start-web-call') && request.method() === 'POST')
        asked.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto('/');
    const reserved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/functions/v1/start-web-call') &&
        (response.request().postDataJSON() as { intent?: unknown }).intent === true,
    );
    await page.getByRole('button', { name: IDLE }).hover();
    expect(await (await reserved).json()).toEqual({ reserved: true, expires_in_seconds: 60 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      captcha: 'XXXX.DUMMY.TOKEN.XXXX',
      visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      intent: true,
    });
    // Reserved, not made: the Vapi stand-in was asked for nothing yet.
    expect(await webCallsOf(page, String(asked[0]!.visit_id))).toEqual([]);
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual({
      id: asked[0]!.id,
      visit_id: asked[0]!.visit_id,
      variables: asked[0]!.variables,
    });
    expect(await webCallsOf(page, String(asked[0]!.visit_id))).toHaveLength(1);
    await page.getByRole('button', { name: 'End Call' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
  });

  test('a press cancelled while the server starts the call ends that call: joined without a microphone, then left', async ({
    page,
  }) => {
    const release = await holdStartWebCall(page);
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    release();
    const hangUp = () =>
      page.evaluate(() =>
        (
          window as unknown as {
            __vapis?: { callObject?: unknown; joined?: unknown; stops: number }[];
          }
        ).__vapis?.map(({ callObject, joined, stops }) => ({
          callObject,
          joined: !!joined,
          stops,
        })),
      );
    await expect
      .poll(hangUp)
      .toEqual([{ callObject: { audioSource: false }, joined: true, stops: 1 }]);
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
  });

  test('a limit of the server reads in plain words, and nothing is started', async ({ page }) => {
    await page.route(FUNCTION, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            headers: { 'Retry-After': '300' },
            json: { code: 'limited', message: 'Too many', limit: 'concurrent' },
          })
        : route.continue(),
    );
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.locator('#voice-demo-message')).toContainText(
      'Too many demo calls right now.',
    );
    await expect(page.getByRole('button', { name: IDLE })).not.toHaveAttribute('aria-disabled');
    expect(
      await page.evaluate(() => (window as unknown as { __vapis?: unknown[] }).__vapis),
    ).toBeUndefined();
  });

  test("when the day's minutes are spent the button says so and points to Call my phone and the form", async ({
    page,
  }) => {
    await page.goto('/');
    const message = page.locator('#voice-demo-message');
    const endCall = page.getByRole('button', { name: 'End Call' });
    // Calls until the day's minutes are spent (the tests before used some): each call ended, and
    // the pause after it (kept in localStorage) skipped.
    for (let call = 0; call < 4; call += 1) {
      await page.getByRole('button', { name: IDLE }).click();
      await expect(endCall.or(message.filter({ hasText: 'used up' }))).toBeVisible();
      if (!(await endCall.isVisible())) break;
      await endCall.click();
      await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
      await page.evaluate(() => localStorage.clear());
    }
    await expect(message).toContainText("Today's live demo calls are used up.");
    await expect(message).toContainText('Call my phone');
    await page.getByRole('link', { name: 'Send a message' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('button', { name: 'Call my phone' })).toBeVisible();
  });
});
