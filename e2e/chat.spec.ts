import type { Page } from '@playwright/test';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { expect, seriousA11yViolations, test } from './fixtures';
import { openChat, sendChatMessage } from './visitor';

/**
 * "Type instead" as it ships (the default profile): the page talks to the chat function, behind
 * the local Turnstile stand-in, which talks to the Vapi stand-in; the page makes no request to
 * Vapi's API.
 */

const IDLE = 'Press here for AI Voice Agent';

/** Every request the page makes to Vapi's API (none may be made). */
function vapiApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'api.vapi.ai') seen.push(request.url());
  });
  return seen;
}

test('Type instead loads its code at intent and goes through the chat function behind one bot check; its end brings the report', async ({
  page,
}) => {
  const toVapi = vapiApiRequests(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/chat') && request.method() === 'POST')
      asked.push(request.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /chat-panel/.test(path))).toEqual([]);
  await openChat(page);
  expect(scripts.filter((path) => /chat-panel/.test(path))).toHaveLength(1);
  await expect(page.getByLabel('Your message')).toBeFocused();
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
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByRole('button', { name: /^Type instead/ })).toBeFocused();
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
  baseURL,
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
      headers: { 'access-control-allow-origin': baseURL! },
      json: { code: 'not_yours', message: 'This chat cannot go on from here.' },
    });
  });
  await page.goto('/');
  await openChat(page);
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

test.describe('without a microphone', () => {
  test('the voice demo offers the chat and Call my phone in its place', async ({
    browser,
    baseURL,
  }) => {
    // No microphone permission: the browser refuses it.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.locator('#voice-demo-message')).toContainText(
      'Your browser blocked the microphone',
    );
    const offer = page.getByText('No microphone? Type to the agent instead');
    await expect(offer).toBeVisible();
    await page.getByRole('button', { name: 'Type instead', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Chat with the agent' })).toBeVisible();
    await sendChatMessage(page, 'Hi');
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi'),
    );
    await page.getByRole('button', { name: 'Call my phone', exact: true }).click();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await context.close();
  });
});
