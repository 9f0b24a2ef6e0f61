import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page, Route } from '@playwright/test';
import {
  chatReplyTo,
  chatStreamEvents,
  eventStreamText,
  webChatAnswer,
} from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateWebChatBody } from '../supabase/functions/_shared/vapi/types';
import { E2E_ASSISTANT_ID, E2E_BROWSER_PROFILE } from '../playwright.config';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { twoTrades } from '../src/test/trades';
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
import { standInForSdk, type FakeVapiWindow } from './fake-vapi';
import { expect, seriousA11yViolations, test } from './fixtures';
import { useOwnStack } from './own-stack';
import { fillCalculator, loseFirstAnswer, openChat, sendChatMessage } from './visitor';

/**
 * The spec's browser paths (VITE_VAPI_AUTH=public-key, VITE_LEADS=browser) on a build and local
 * stack of their own: the page starts calls and chats with Vapi's public key, answered here at
 * the network boundary with Vapi's documented answers (the shared fixtures) or with the SDK
 * stood in for, and stores each lead with the anon key and posts the webhook itself. Only what
 * differs from the default profile is here; the rest of the site is the main suite's.
 */

const { origin: ORIGIN } = useOwnStack('browser-profile', E2E_BROWSER_PROFILE);

const CALL_WEB = 'https://api.vapi.ai/call/web';
const CHAT_WEB = 'https://api.vapi.ai/chat/web';
const INSERT = '**/rest/v1/contact_submissions';
const WEBHOOK = `**${LOCAL_ROUTES.webhook}`;
const IDLE = 'Press here for AI Voice Agent';
const PUBLIC_KEY = E2E_BROWSER_PROFILE.VITE_VAPI_PUBLIC_KEY;

/** Answers /chat/web: each message by `answer`, every body recorded. */
async function standInForChat(
  page: Page,
  answer: (body: CreateWebChatBody, index: number) => Parameters<Route['fulfill']>[0],
) {
  const bodies: { body: CreateWebChatBody; auth: string | undefined }[] = [];
  await page.route(CHAT_WEB, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as CreateWebChatBody;
    bodies.push({ body, auth: route.request().headers()['authorization'] });
    await route.fulfill(answer(body, bodies.length - 1));
  });
  return bodies;
}

const streamAnswer = (body: CreateWebChatBody, index: number) => ({
  status: 201,
  headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' },
  body: eventStreamText(
    chatStreamEvents(chatReplyTo(String(body.input)), {
      id: `chat-${index}`,
      sessionId: 'session-streamed',
    }),
  ),
});

const vapi = (page: Page) =>
  page.evaluate(() => {
    const { stops, inCall } = (window as unknown as FakeVapiWindow).__vapi;
    return { stops, inCall };
  });

/** Counts the page's posts to the webhook, which go on to the local stack. */
async function countWebhookPosts(page: Page): Promise<{ posts: number }> {
  const webhook = { posts: 0 };
  await page.route(WEBHOOK, async (route) => {
    webhook.posts += 1;
    await route.continue();
  });
  return webhook;
}

test.describe('the voice demo with the public key', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['microphone']);
  });

  test('the public-key build offers no business to answer as: no server builds its variables', async ({
    page,
  }) => {
    for (const path of ['/', twoTrades()[0].path]) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain('id="own-business"');
    }
    await page.goto('/');
    await expect(page.locator('#own-business')).toHaveCount(0);
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
    await page.getByRole('button', { name: IDLE }).click();
    const button = page.getByRole('button', { name: 'Connecting...' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('voice-spinner')).toBeVisible();
    await expect.poll(() => callWeb).toBeDefined();
    expect(callWeb?.auth).toBe(`Bearer ${PUBLIC_KEY}`);
    expect(callWeb?.body).toMatchObject({ assistantId: E2E_ASSISTANT_ID });
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
    await page.getByRole('button', { name: IDLE }).click();
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
    await page.getByRole('button', { name: IDLE }).click();
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
    await page.getByRole('button', { name: IDLE }).click();
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

  test('Cancel while connecting returns to idle, and no room is joined when the answer comes late', async ({
    page,
    watch,
  }) => {
    // The answer to /call/web, held until the test lets it go.
    const held: { answer?: () => Promise<void> } = {};
    await page.route(CALL_WEB, (route) => {
      held.answer = () =>
        route.fulfill({
          status: 201,
          json: { id: 'call-1', webCallUrl: 'https://example.daily.co/room', assistant: {} },
        });
    });
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'Connecting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect.poll(() => held.answer).toBeDefined();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await held.answer?.();
    // The SDK goes on and creates its call object (daily-js asks for its call machine then): it
    // is ended at once, so nothing joins the room.
    await expect
      .poll(() => watch.thirdParty.some((url) => url.includes('daily.co/call-machine/')))
      .toBe(true);
    expect(watch.thirdParty.filter((url) => url.includes('example.daily.co'))).toEqual([]);
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await expect(page.locator('#voice-demo-message')).toHaveText('');
    // Had that call object been left alive, daily-js would refuse a second one.
    delete held.answer;
    await page.getByRole('button', { name: IDLE }).click();
    await expect.poll(() => held.answer).toBeDefined();
    const second = held.answer as (() => Promise<void>) | undefined;
    await second?.();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible({ timeout: 30_000 });
    expect(watch.errors.filter((line) => line.includes('Duplicate DailyIframe'))).toEqual([]);
  });

  test("the start request carries the calculator's numbers when it shows an estimate", async ({
    page,
  }) => {
    let body: { assistantOverrides?: unknown } | undefined;
    await page.route(CALL_WEB, (route) => {
      body = route.request().postDataJSON() as typeof body;
    });
    await page.goto('/');
    await fillCalculator(page);
    await page.getByRole('button', { name: IDLE }).click();
    await expect.poll(() => body).toBeDefined();
    const visit = await page.evaluate(() => sessionStorage.getItem('visit:id'));
    expect(body?.assistantOverrides).toEqual({
      maxDurationSeconds: 180,
      variableValues: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 },
      // The visit, so the call's report joins the lead that may follow.
      metadata: { visit_id: visit },
    });
    expect(visit).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('every start request carries the call length cap', async ({ page }) => {
    const bodies: { assistantOverrides?: unknown }[] = [];
    await page.route(CALL_WEB, (route) => {
      bodies.push(route.request().postDataJSON() as { assistantOverrides?: unknown });
      return route.fulfill({ status: 500, json: { message: 'down' } });
    });
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByText("Couldn't connect to the agent. Please try again.")).toBeVisible();
    // A call that never connected leaves no pause: pressed again, it tries again.
    await page.getByRole('button', { name: IDLE }).click();
    await expect.poll(() => bodies.length).toBe(2);
    for (const body of bodies) {
      expect(body).toMatchObject({
        assistantId: E2E_ASSISTANT_ID,
        assistantOverrides: { maxDurationSeconds: 180 },
      });
    }
  });
});

test('without the microphone the press starts no call: /call/web is never asked', async ({
  browser,
  baseURL,
}) => {
  // No microphone permission: the browser refuses it, before the SDK would start the call.
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

test.describe('a call started with the public key (the SDK stood in for)', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.grantPermissions(['microphone']);
    await standInForSdk(page);
  });

  test('a Cancel while connecting stops the call even when the start resolves after it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as FakeVapiWindow;
      w.__holdStart = new Promise((resolve) => (w.__releaseStart = resolve));
    });
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => Boolean((window as unknown as FakeVapiWindow).__vapi?.started)),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    // The voice service answers only now: the call joins, and is left at once.
    await page.evaluate(() => (window as unknown as FakeVapiWindow).__releaseStart?.());
    await expect.poll(async () => (await vapi(page)).inCall).toBe(false);
    expect((await vapi(page)).stops).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'End Call' })).toHaveCount(0);
    await expect(page.locator('#main').getByRole('button', { name: 'Book a Call' })).toHaveCount(0);
    await expect(page.locator('#voice-demo-message')).toHaveText('');
  });
});

test.describe("Type instead with the public key: Vapi's /chat/web", () => {
  test('loads no chat code before intent, then sends the body Vapi documents and streams the reply', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const bodies = await standInForChat(page, streamAnswer);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /chat-panel/.test(path))).toEqual([]);
    await openChat(page);
    expect(scripts.filter((path) => /chat-panel/.test(path))).toHaveLength(1);
    await expect(page.getByLabel('Your message')).toBeFocused();
    await sendChatMessage(page, 'Do you answer at night?');
    const log = page.getByRole('log', { name: 'Chat with the agent' });
    await expect(log).toContainText('Do you answer at night?');
    await expect(log).toContainText(chatReplyTo('Do you answer at night?'));
    expect(bodies[0]!.auth).toBe(`Bearer ${PUBLIC_KEY}`);
    expect(bodies[0]!.body).toEqual({
      assistantId: E2E_ASSISTANT_ID,
      input: 'Do you answer at night?',
      assistantOverrides: {
        variableValues: { visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      },
      stream: true,
    });
    // The next message continues the session the answer named.
    await sendChatMessage(page, 'And on Sundays?');
    await expect(log).toContainText(chatReplyTo('And on Sundays?'));
    expect(bodies[1]!.body.sessionId).toBe('session-streamed');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('shows a whole (not streamed) reply, and carries its sessionId', async ({ page }) => {
    const bodies = await standInForChat(page, (body, index) => ({
      status: 201,
      json: webChatAnswer(chatReplyTo(String(body.input)), {
        id: `chat-${index}`,
        sessionId: `session-whole-${index}`,
      }),
      headers: { 'access-control-allow-origin': '*' },
    }));
    await page.goto('/');
    await openChat(page);
    await sendChatMessage(page, 'Hello');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hello'),
    );
    await sendChatMessage(page, 'Price?');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Price?'),
    );
    expect(bodies[1]!.body.sessionId).toBe('session-whole-0');
  });

  for (const [status, line] of [
    [402, 'The chat is not available right now.'],
    [429, 'Too many messages right now.'],
    [500, "The agent didn't answer. Your message is still in the box"],
    [503, "The agent didn't answer. Your message is still in the box"],
  ] as const) {
    test(`a ${status} from Vapi says so in the chat and keeps the typed text`, async ({ page }) => {
      await standInForChat(page, () => ({
        status,
        json: { message: 'refused', statusCode: status },
        headers: { 'access-control-allow-origin': '*' },
      }));
      await page.goto('/');
      await openChat(page);
      await sendChatMessage(page, 'Can you book a roof inspection?');
      await expect(page.getByRole('status').filter({ hasText: line })).toBeVisible();
      await expect(page.getByLabel('Your message')).toHaveValue('Can you book a roof inspection?');
      await expect(page.getByRole('log', { name: 'Chat with the agent' })).not.toContainText(
        'roof inspection',
      );
    });
  }

  test('no connection to Vapi says so and keeps the typed text; the next Send goes through', async ({
    page,
  }) => {
    let fail = true;
    await page.route(CHAT_WEB, async (route) => {
      if (fail) return route.abort('connectionfailed');
      await route.fulfill(streamAnswer(route.request().postDataJSON() as CreateWebChatBody, 0));
    });
    await page.goto('/');
    await openChat(page);
    await sendChatMessage(page, 'Hi there');
    await expect(
      page.getByText("The agent didn't answer. Your message is still in the box"),
    ).toBeVisible();
    await expect(page.getByLabel('Your message')).toHaveValue('Hi there');
    fail = false;
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi there'),
    );
    await expect(page.getByText("The agent didn't answer.")).toHaveCount(0);
  });

  test('closing the chat ends its session (sessionEnd), and gives the keyboard back', async ({
    page,
  }) => {
    const bodies = await standInForChat(page, streamAnswer);
    await page.goto('/');
    await openChat(page);
    await sendChatMessage(page, 'Hi');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi'),
    );
    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(page.getByRole('button', { name: /^Type instead/ })).toBeFocused();
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]!.body).toMatchObject({ sessionId: 'session-streamed', sessionEnd: true });
  });
});

test.describe('a lead the page stores and posts itself', () => {
  test('the page inserts the row with the anon key, then posts it to the webhook with a readable created_at', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    const webhook = await countWebhookPosts(page);
    const insert = page.waitForRequest(
      (r) => r.url().includes('/rest/v1/contact_submissions') && r.method() === 'POST',
    );
    await sendContactForm(page, email);
    expect((await insert).headers()['apikey']).toBe(LOCAL_ANON_KEY_DEFAULT);
    await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
    const rows = await storedRows(request, email);
    expect(rows).toHaveLength(1);
    const sent = await deliveries(request, email);
    expect(sent.map((d) => d.payload.id)).toEqual([rows[0]?.id]);
    expect(sent[0]?.payload.created_at).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M P[SD]T$/,
    );
    expect(webhook.posts).toBe(1);
  });

  test('after a database 503 it retries, shows the error, skips the webhook, and a retry stores one row', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    let insertAttempts = 0;
    await page.route(INSERT, async (route) => {
      insertAttempts += 1;
      await route.fulfill({ status: 503, body: 'Service Unavailable' });
    });
    const webhook = await countWebhookPosts(page);
    await sendContactForm(page, email);
    await expect(page.locator('#contact').getByRole('alert')).toContainText(ERROR_TEXT);
    await expectFormKept(page, email);
    expect(insertAttempts).toBe(3);
    expect(webhook.posts).toBe(0);
    expect(await storedRows(request, email)).toHaveLength(0);

    await page.unroute(INSERT);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByRole('status')).toContainText('Success!');
    expect(await storedRows(request, email)).toHaveLength(1);
    expect(webhook.posts).toBe(1);
  });

  test("a lead the site's ceiling turns away (429 LG003) goes through submit-lead behind the bot check, stored and posted once", async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    await page.route(INSERT, (route) =>
      route.fulfill({
        status: 429,
        json: { code: 'LG003', message: 'too many submissions', details: null, hint: null },
      }),
    );
    const viaFunction: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/functions/v1/submit-lead') && r.method() === 'POST')
        viaFunction.push(r.postDataJSON() as Record<string, unknown>);
    });
    await sendContactForm(page, email);
    await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
    expect(viaFunction.map((body) => body.captcha)).toEqual(['XXXX.DUMMY.TOKEN.XXXX']);
    expect(await storedRows(request, email)).toHaveLength(1);
    // The function posted it; the page does not post it again.
    expect(await deliveries(request, email)).toHaveLength(1);
  });

  test('when the connection drops after the row is stored, the automatic retry stores nothing twice', async ({
    page,
    request,
  }, info) => {
    const email = uniqueEmail(info.title);
    await loseFirstAnswer(page, INSERT);
    await sendContactForm(page, email);
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
      await sendContactForm(page, email);
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
      expect(sent.map((d) => d.payload.id)).toEqual([stored[0]?.id]);
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
    await fillContactForm(page, email);
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
});

test('npm run check:live fails a build that names the browser paths unless the owner accepts each, with its cost a day', async () => {
  const checkLive = (flags: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-live.ts', ORIGIN, '--local', ...flags],
      { env: { ...process.env, ...E2E_BROWSER_PROFILE, PORT: new URL(ORIGIN).port } },
    ).then(
      ({ stdout }) => ({ code: 0, lines: stdout.split('\n') }),
      (failed: { code: number; stdout: string }) => ({
        code: failed.code,
        lines: failed.stdout.split('\n'),
      }),
    );
  const [refused, accepted] = await Promise.all([
    checkLive([]),
    checkLive(['--accept-public-key', '--accept-browser-leads']),
  ]);
  expect(refused.code).toBe(1);
  const failures = refused.lines.filter((line) => line.startsWith('FAIL'));
  expect(failures, refused.lines.join('\n')).toHaveLength(2);
  expect(failures[0]).toContain('FAIL  VITE_VAPI_AUTH=public-key: the Vapi public key ships');
  expect(failures[0]).toContain('$1,440 to $2,880 a day');
  expect(failures[0]).toContain('run the check with --accept-public-key');
  expect(failures[1]).toContain("FAIL  VITE_LEADS=browser: the automation webhook's address ships");
  expect(failures[1]).toContain('--accept-browser-leads');
  expect(accepted.lines, accepted.lines.join('\n')).toContain('All checks passed.');
  expect(accepted.code).toBe(0);
});
