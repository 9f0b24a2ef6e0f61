import { readdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { E2E_VAPI } from '../playwright.config';
import { firstLoad, SDK_MARKERS } from '../scripts/lib/bundle-report';
import { expect, test } from './fixtures';

const CALL_WEB = 'https://api.vapi.ai/call/web';
const IDLE = 'Press here for AI Voice Agent';

async function pressVoiceButton(page: Page) {
  await page.getByRole('button', { name: IDLE }).click();
}

test.describe('the voice demo', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['microphone']);
  });

  test('the public-key build offers no business to answer as: no server builds its variables', async ({
    page,
  }) => {
    for (const path of ['/', '/solar']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain('id="own-business"');
    }
    await page.goto('/');
    await expect(page.locator('#own-business')).toHaveCount(0);
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
          scripts.slice(onLoad).map((path) => readFile(`.test-data/site${path}`, 'utf8')),
        );
        return loaded.some((code) => code.includes('callControllerCreateWebCall'));
      })
      .toBe(true);
  });

  test('a press shows a disabled Connecting... and POSTs /call/web with the assistant and the public key', async ({
    page,
  }) => {
    let callWeb: { body: unknown; auth: string | undefined } | undefined;
    await page.route(CALL_WEB, async (route) => {
      callWeb = {
        body: route.request().postDataJSON(),
        auth: route.request().headers()['authorization'],
      };
      // Hold the answer, so the button stays in its connecting state.
    });
    await page.goto('/');
    await pressVoiceButton(page);
    const button = page.getByRole('button', { name: 'Connecting...' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('voice-spinner')).toBeVisible();
    await expect.poll(() => callWeb).toBeDefined();
    expect(callWeb?.auth).toBe(`Bearer ${E2E_VAPI.publicKey}`);
    expect(callWeb?.body).toMatchObject({ assistantId: E2E_VAPI.assistantId });
    await button.click({ force: true });
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
  });

  test('a refusal (500) returns the button to idle, logs to the console and says so', async ({
    page,
    watch,
  }) => {
    await page.route(CALL_WEB, (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error', statusCode: 500 } }),
    );
    await page.goto('/');
    await pressVoiceButton(page);
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await expect(page.locator('#voice-demo-message')).toHaveText(
      "Couldn't connect to the agent. Please try again.",
    );
    expect(watch.errors.some((line) => line.startsWith('Voice demo error:'))).toBe(true);
  });

  test('a /call/web that hangs past the timeout returns the button to idle with a console error', async ({
    page,
    watch,
  }) => {
    await page.clock.install();
    await page.route(CALL_WEB, () => {
      // never answers
    });
    await page.goto('/');
    await pressVoiceButton(page);
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await page.clock.fastForward(20_000);
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    expect(watch.errors.some((line) => line.includes('no answer from the voice service'))).toBe(
      true,
    );
    await expect(page.locator('#voice-demo-message')).toHaveText(
      "Couldn't connect to the agent. Please try again.",
    );
  });

  test('after /call/web answers, a call that cannot join still ends in idle', async ({
    page,
    watch,
  }) => {
    await page.route(CALL_WEB, (route) =>
      route.fulfill({
        status: 201,
        json: {
          id: 'call-1',
          webCallUrl: 'https://example.daily.co/room',
          assistant: { voice: { provider: '11labs' } },
        },
      }),
    );
    await page.goto('/');
    const pressed = Date.now();
    await pressVoiceButton(page);
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    // daily-js cannot fetch its call machine here (no internet): the SDK reports it and we
    // recover, well before the 20 s connect timeout would have ended the attempt anyway.
    await expect(page.locator('#voice-demo-message')).toHaveText(
      "Couldn't connect to the agent. Please try again.",
      { timeout: 15_000 },
    );
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    expect(Date.now() - pressed).toBeLessThan(15_000);
    // It got as far as asking Daily's CDN for the call machine (refused here at the network
    // boundary, as no test may reach the internet), and said so in the console.
    expect(watch.thirdParty.some((url) => url.startsWith('https://c.daily.co/call-machine/'))).toBe(
      true,
    );
    expect(watch.errors.some((line) => line.startsWith('Voice demo'))).toBe(true);
    // The real Vapi and Daily code ran through start and the join attempt under the site's CSP:
    // the script load and every request passed it (a blocked one is a violation, not a request).
    expect(watch.cspViolations).toEqual([]);
  });
});

test.describe('the voice demo without the microphone', () => {
  test('says how to allow the microphone when the browser denies it, and starts no call', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    let callWebRequests = 0;
    await page.route(CALL_WEB, async (route) => {
      callWebRequests += 1;
      await route.abort();
    });
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
    expect(callWebRequests).toBe(0);
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
