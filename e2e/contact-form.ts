import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

export const ERROR_TEXT = 'There was a problem sending your message. Please try again.';
export const SUCCESS_TEXT = "Your message has been sent. We'll be in touch soon.";

export interface StoredLead {
  id: string;
  email: string;
  name: string;
  company: string | null;
  message: string;
  created_at: string;
}

/** A unique email per test, so tests running side by side never see each other's rows. */
export function uniqueEmail(testTitle: string): string {
  return `${testTitle.replace(/\W+/g, '-').slice(0, 30).toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Fills the contact form as a visitor would (the company only when given). Its fields are found
 * in the form itself: the hero has fields of its own ("Business name").
 */
export async function fillContactForm(page: Page, email: string, company = ''): Promise<void> {
  const form = page.locator('#contact form');
  await form.getByLabel('Name', { exact: true }).fill('Dana Lee');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
  if (company) await form.getByLabel('Company (optional)').fill(company);
  await form.getByLabel('Message', { exact: true }).fill('We miss calls after 6 pm.');
}

/** Opens `path`, fills the contact form and presses Send Message. */
export async function sendContactForm(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  await fillContactForm(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

/** The form still holds what was typed (after an error). */
export async function expectFormKept(page: Page, email: string): Promise<void> {
  const form = page.locator('#contact form');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Dana Lee');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(
    'We miss calls after 6 pm.',
  );
}

/** The rows the local stack stored for `email`. */
export async function storedRows(request: APIRequestContext, email: string): Promise<StoredLead[]> {
  const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as StoredLead[];
  return rows.filter((row) => row.email === email);
}

/** The webhook deliveries the local stack received for `email`. */
export async function deliveries(request: APIRequestContext, email: string) {
  const all = (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
    payload: StoredLead;
    headers: Record<string, string | null>;
    signature: string;
  }[];
  return all.filter((d) => d.payload.email === email);
}
