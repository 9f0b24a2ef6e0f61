import { readdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { E2E_ASSISTANT_ID } from '../playwright.config';
import { firstLoad, SDK_MARKERS } from '../scripts/lib/bundle-report';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { standInForSdk, type FakeVapiWindow } from './fake-vapi';
import { expect, test } from './fixtures';

/**
 * The voice demo as it ships (the default profile): the button asks the start-web-call function
 * (behind the local Turnstile stand-in) for a call, which the function starts on the Vapi
 * stand-in, and the page joins the room it answers with. No Vapi key is built into the page and
 * the browser makes no request to Vapi's API. Daily's rooms cannot be joined offline: the first
 * call runs the real SDK up to Daily's boundary, the others stand in for the SDK at the one place
 * the site loads it (e2e/fake-vapi.ts).
 */

const SITE = '.test-data/site';
const FUNCTION = '**/functions/v1/start-web-call';
const IDLE = 'Press here for AI Voice Agent';

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

test.describe('the voice demo', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['microphone']);
  });

  test('loads no byte of the voice SDK before the visitor shows intent', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const { jsFiles } = await firstLoad('.test-data/site', 'index.html');
    // Besides the first load, only the funnel's library (the local build turns it on), which
    // loads once the page has been taken over.
    expect(scripts.filter((path) => !path.startsWith('/assets/funnel-tracker-')).sort()).toEqual(
      jsFiles.map((file) => `/${file}`).sort(),
    );
    for (const path of scripts) {
      const code = await readFile(`.test-data/site${path}`, 'utf8');
      for (const marker of SDK_MARKERS.voice) {
        expect(code, `${path} contains ${marker}`).not.toContain(marker);
      }
    }
    const onLoad = scripts.length;
    await page.getByRole('button', { name: IDLE }).hover();
    // Intent fetches the call's code and the SDK, each its own request, in either order: wait
    // for the SDK among them, not for the first to arrive.
    await expect
      .poll(async () => {
        const loaded = await Promise.all(
          scripts
            .slice(onLoad)
            // The bot check's script, which intent loads too, is the local stack's, not the build's.
            .filter((path) => path.startsWith('/assets/'))
            .map((path) => readFile(`.test-data/site${path}`, 'utf8')),
        );
        return loaded.some((code) => code.includes('callControllerCreateWebCall'));
      })
      .toBe(true);
  });

  test('the build holds no Vapi key or webhook address; the press asks start-web-call, which starts the call, and the page never calls Vapi', async ({
    page,
    watch,
  }) => {
    const files = [`${SITE}/index.html`, `${SITE}/_headers`];
    for (const file of await readdir(`${SITE}/assets`))
      if (file.endsWith('.js')) files.push(`${SITE}/assets/${file}`);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain(LOCAL_ROUTES.webhook);
      expect(text, file).not.toMatch(/publicKey:"/);
    }
    const headers = await readFile(`${SITE}/_headers`, 'utf8');
    expect(/connect-src ([^;]+)/.exec(headers)?.[1]).not.toContain('api.vapi.ai');
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
      assistantId: E2E_ASSISTANT_ID,
      assistantOverrides: { maxDurationSeconds: 180, variableValues: { estimate: 10_000 } },
    });
    // The real SDK goes on to Daily (its call machine), which is out of reach here: back to idle.
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible({ timeout: 25_000 });
    await expect
      .poll(() => watch.thirdParty.some((url) => url.startsWith('https://c.daily.co/')))
      .toBe(true);
    expect(toVapi).toEqual([]);
  });
});

test.describe('with the SDK stood in for', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.grantPermissions(['microphone']);
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
    // As start-web-call answers once the day's minutes are spent (server/web-calls.http.test.ts).
    await page.route(FUNCTION, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            headers: { 'Retry-After': '3600' },
            json: { code: 'limited', message: 'Too many', limit: 'minutes' },
          })
        : route.continue(),
    );
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    const message = page.locator('#voice-demo-message');
    await expect(message).toContainText("Today's live demo calls are used up.");
    await expect(message).toContainText('Call my phone');
    await page.getByRole('link', { name: 'Send a message' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('button', { name: 'Call my phone' })).toBeVisible();
  });
});

test.describe('the voice demo without the microphone', () => {
  test('says how to allow the microphone when the browser denies it, and leaves the call the press asked for', async ({
    browser,
    baseURL,
  }) => {
    // No microphone permission: the browser refuses it.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await standInForSdk(page);
    await page.route(
      (url) => !url.href.startsWith(baseURL ?? ''),
      (route) => route.abort(),
    );
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.locator('#voice-demo-message')).toContainText(
      'Your browser blocked the microphone',
    );
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    // The press asked for the call while the prompt showed: its room is joined without a
    // microphone and left, which ends it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as FakeVapiWindow).__vapis?.map(({ callObject, joined, stops }) => ({
            callObject,
            joined: !!joined,
            stops,
          })),
        ),
      )
      .toEqual([{ callObject: { audioSource: false }, joined: true, stops: 1 }]);
    await context.close();
  });
});

test('the built site ships the SDK as a lazy chunk only', async () => {
  const files = await readdir('.test-data/site/assets');
  const sdk = files.find((file) => file.startsWith('vapi-') && file.endsWith('.js'));
  expect(sdk).toBeDefined();
  const { jsFiles } = await firstLoad('.test-data/site', 'index.html');
  expect(jsFiles).not.toContain(`assets/${sdk}`);
  expect(await readFile(`.test-data/site/assets/${sdk}`, 'utf8')).toContain(
    'callControllerCreateWebCall',
  );
});
