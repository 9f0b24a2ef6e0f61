import type { Page } from '@playwright/test';
import {
  CAPTURED_SAMPLE,
  chatReplyTo,
  completedSession,
  endOfCallReport,
} from '../supabase/functions/_shared/vapi/fixtures';
import type { VapiAssistant } from '../supabase/functions/_shared/vapi/types';
import type { ReportTicket } from '../supabase/functions/_shared/contracts/report-read';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { localFunctionSecrets } from '../server/local-config';
import { leadCard } from '../src/content/lead-card';
import { E2E_ASSISTANT_ID } from '../playwright.config';
import { expect, test } from './fixtures';
import { standInForSdk } from './fake-vapi';

/**
 * The lead card on the built site through the local stack: after a demo call, Call my
 * phone or a chat ends and the Vapi stand-in sends its report, that visitor's page shows what the
 * owner received (its summary, the fields the agent captured, the webhook's JSON), read with the
 * ticket the start answered with; Book a time opens filled in with the name and e-mail the agent
 * wrote down. Another visitor's page, and a read without the ticket's key, get nothing.
 */

const IDLE = 'Press here for AI Voice Agent';
/** What the stand-in's report says (Vapi's documented end-of-call report, fixtures.ts). */
const SAMPLE = endOfCallReport(
  { id: 'sample', orgId: 'org', createdAt: '', updatedAt: '' },
  new Date(),
).message;

test.beforeEach(async ({ context, page }) => {
  await context.grantPermissions(['microphone']);
  await standInForSdk(page);
});

/** The card, by its heading. */
const card = (page: Page) => page.getByRole('region', { name: leadCard.heading });

/** Presses the voice button, and answers with start-web-call's answer once the call is on. */
async function startCall(page: Page): Promise<{ id: string; report: ReportTicket }> {
  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/functions/v1/start-web-call') &&
      (response.request().postDataJSON() as { intent?: unknown }).intent !== true,
  );
  await page.getByRole('button', { name: IDLE }).click();
  const answer = (await (await started).json()) as { id: string; report: ReportTicket };
  await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
  return answer;
}

test('after a demo call, the visitor sees the report the owner received; another visitor cannot read it', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await expect(card(page)).toHaveCount(0);
  const call = await startCall(page);
  expect(call.report.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'End Call' }).click();
  // Ended: the card waits, and says so, until Vapi sends the report.
  await expect(card(page).getByRole('status')).toHaveText(leadCard.waiting.webCall);
  const ended = await page.request.post(LOCAL_ROUTES.vapiCallEnd(call.id));
  expect(ended.status(), await ended.text()).toBe(200);
  await expect(card(page).getByRole('status')).toHaveText(leadCard.ready);
  await expect(card(page)).toContainText(SAMPLE.analysis!.summary!);
  const captured = SAMPLE.analysis!.structuredData as Record<string, string>;
  await expect(card(page)).toContainText('Job type');
  for (const value of Object.values(captured)) await expect(card(page)).toContainText(value);
  // The caller's name and e-mail, as the assistant's analysis plan has the agent write them down.
  const fields = card(page).getByRole('definition');
  await expect(fields.filter({ hasText: CAPTURED_SAMPLE.name })).toHaveCount(1);
  await expect(fields.filter({ hasText: CAPTURED_SAMPLE.email })).toHaveCount(1);
  // The transcript opens with the assistant's first message: the one the stand-in serves.
  const assistant = (await (
    await page.request.get(`${LOCAL_ROUTES.vapi}/assistant/${E2E_ASSISTANT_ID}`, {
      headers: {
        Authorization: `Bearer ${localFunctionSecrets('', undefined, {}).VAPI_PRIVATE_KEY}`,
      },
    })
  ).json()) as VapiAssistant;
  await card(page).getByText(leadCard.transcript).click();
  const transcript = card(page)
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: leadCard.transcript }) })
    .locator('p');
  expect((await transcript.textContent())?.split('\n')[0]).toBe(`AI: ${assistant.firstMessage}`);
  await card(page).getByText(leadCard.webhook).click();
  const webhook = JSON.parse(
    (await card(page).getByTestId('lead-card-webhook').textContent()) ?? '',
  ) as Record<string, unknown>;
  expect(webhook).toMatchObject({
    type: 'call_report',
    vapi_call_id: call.id,
    summary: SAMPLE.analysis!.summary,
    structured_data: captured,
  });
  // The owner's automation got exactly this JSON.
  const deliveries = (await (
    await page.request.get(LOCAL_ROUTES.webhookDeliveriesJson)
  ).json()) as { body: string }[];
  expect(deliveries.map((delivery) => JSON.parse(delivery.body) as unknown)).toContainEqual(
    webhook,
  );

  // Book a time under the card: the owner's booking page inline (the local stack's stand-in for
  // Cal.com), filled in with the summary as the note, the call's id as the lead's, and the name
  // and e-mail the agent wrote down.
  await card(page).getByRole('button', { name: 'Book a time' }).click();
  const booking = card(page).frameLocator('iframe');
  await expect(booking.locator('[data-param="notes"]')).toHaveText(SAMPLE.analysis!.summary!);
  await expect(booking.locator('[data-param="metadata[lead_id]"]')).toHaveText(call.id);
  await expect(booking.locator('[data-param="name"]')).toHaveText(CAPTURED_SAMPLE.name);
  await expect(booking.locator('[data-param="email"]')).toHaveText(CAPTURED_SAMPLE.email);

  // Another visitor: no card, and the report cannot be read without its key.
  const other = await browser.newPage();
  try {
    await other.goto(`${baseURL}/`);
    await expect(card(other)).toHaveCount(0);
    const functions = `${baseURL}/functions/v1/call-report`;
    const headers = { apikey: 'local-anon-key', Authorization: 'Bearer local-anon-key' };
    const guessed = await other.request.post(functions, {
      headers,
      data: { id: call.report.id, key: 'A'.repeat(43) },
    });
    expect(guessed.status()).toBe(404);
    expect(await guessed.text()).not.toContain(SAMPLE.analysis!.summary!);
    // The ticket the first visitor's page holds is the whole proof.
    const held = await other.request.post(functions, { headers, data: call.report });
    expect(held.status()).toBe(200);
  } finally {
    await other.close();
  }
});

test('Call my phone: the card waits for the phone call to end, then shows its report', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Call my phone' }).click();
  await page.getByLabel('Phone number').fill('(415) 555-0142');
  await page.getByRole('checkbox', { name: /AI agent/ }).check();
  const placed = page.waitForResponse((response) =>
    response.url().endsWith('/functions/v1/request-callback'),
  );
  await page.getByRole('button', { name: 'Call me now' }).click();
  const answer = (await (await placed).json()) as { id: string; report: ReportTicket };
  await expect(card(page).getByRole('status')).toHaveText(leadCard.waiting.callback);
  const callbacks = (await (await page.request.get(LOCAL_ROUTES.callbacksJson)).json()) as {
    id: string;
    vapi_call_id: string;
  }[];
  const callback = callbacks.find((row) => row.id === answer.id)!;
  const ended = await page.request.post(LOCAL_ROUTES.vapiCallEnd(callback.vapi_call_id));
  expect(ended.status(), await ended.text()).toBe(200);
  await expect(card(page).getByRole('status')).toHaveText(leadCard.ready);
  await expect(card(page)).toContainText(SAMPLE.analysis!.summary!);
});

test('a chat: when it ends, the card shows its transcript', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /^Type instead/ }).click();
  await page.getByLabel('Your message').fill('Do you answer at night?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // The agent's reply is in: the function knows the chat, and its end makes the report.
  await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
    chatReplyTo('Do you answer at night?'),
  );
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(card(page).getByRole('status')).toHaveText(leadCard.ready);
  await card(page).getByText(leadCard.transcript).click();
  // The stand-in's completed session (Vapi's session.updated, fixtures.ts), its lines as stored.
  const session = completedSession(
    { sessionId: 's', orgId: 'o', assistantId: 'a' },
    null,
    new Date(),
  ).message.session;
  for (const line of session.messages ?? []) {
    const said = 'content' in line ? line.content : (line as { message?: string }).message;
    await expect(card(page)).toContainText(String(said));
  }
});
