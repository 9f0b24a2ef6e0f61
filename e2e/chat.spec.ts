import type { Page, Route } from '@playwright/test';
import {
  chatReplyTo,
  chatStreamEvents,
  eventStreamText,
  webChatAnswer,
} from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateWebChatBody } from '../supabase/functions/_shared/vapi/types';
import { E2E_VAPI } from '../playwright.config';
import { expect, seriousA11yViolations, test } from './fixtures';

/**
 * "Type instead" on the built site (public-key mode): the page talks to Vapi's POST /chat/web,
 * answered here at the network boundary with Vapi's documented answers (the shared fixtures).
 */

const CHAT_WEB = 'https://api.vapi.ai/chat/web';
const IDLE = 'Press here for AI Voice Agent';

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

async function openChat(page: Page) {
  await page.getByRole('button', { name: /^Type instead/ }).click();
  await expect(page.getByRole('heading', { name: 'Chat with the agent' })).toBeVisible();
}

async function send(page: Page, text: string) {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test.describe('Type instead: a chat with the agent', () => {
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
    await send(page, 'Do you answer at night?');
    const log = page.getByRole('log', { name: 'Chat with the agent' });
    await expect(log).toContainText('Do you answer at night?');
    await expect(log).toContainText(chatReplyTo('Do you answer at night?'));
    expect(bodies[0]!.auth).toBe(`Bearer ${E2E_VAPI.publicKey}`);
    expect(bodies[0]!.body).toEqual({
      assistantId: E2E_VAPI.assistantId,
      input: 'Do you answer at night?',
      assistantOverrides: {
        variableValues: { visit_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      },
      stream: true,
    });
    // The next message continues the session the answer named.
    await send(page, 'And on Sundays?');
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
    await send(page, 'Hello');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hello'),
    );
    await send(page, 'Price?');
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
      await send(page, 'Can you book a roof inspection?');
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
    await send(page, 'Hi there');
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
    await send(page, 'Hi');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi'),
    );
    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(page.getByRole('button', { name: /^Type instead/ })).toBeFocused();
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]!.body).toMatchObject({ sessionId: 'session-streamed', sessionEnd: true });
  });
});

test.describe('without a microphone', () => {
  test('the voice demo offers the chat and Call my phone in its place', async ({
    browser,
    baseURL,
  }) => {
    // No microphone permission: the browser refuses it.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await standInForChat(page, streamAnswer);
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.locator('#voice-demo-message')).toContainText(
      'Your browser blocked the microphone',
    );
    const offer = page.getByText('No microphone? Type to the agent instead');
    await expect(offer).toBeVisible();
    await page.getByRole('button', { name: 'Type instead', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Chat with the agent' })).toBeVisible();
    await send(page, 'Hi');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi'),
    );
    await page.getByRole('button', { name: 'Call my phone', exact: true }).click();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await context.close();
  });
});
