import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** What a visitor does on the page, shared by the specs of both profiles. */

export async function fillCalculator(page: Page): Promise<void> {
  await page.getByLabel('Leads per month').fill('40');
  await page.getByLabel('Average deal value ($)').fill('2500');
  await page.getByLabel('Response delay (hours)').fill('1');
  await page.getByLabel('Close rate (%)').fill('20');
  await expect(page.getByTestId('calculator-result')).toHaveText('$10,000');
}

export async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Type instead/ }).click();
  await expect(page.getByRole('heading', { name: 'Chat with the agent' })).toBeVisible();
}

export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The first request to `url` reaches the server, but its answer is lost on the way back. */
export async function loseFirstAnswer(page: Page, url: string): Promise<void> {
  let first = true;
  await page.route(url, async (route) => {
    if (!first) return route.continue();
    first = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
}
