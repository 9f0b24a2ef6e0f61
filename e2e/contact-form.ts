import type { Page } from '@playwright/test';

/**
 * Fills the contact form as a visitor would (the company left empty). Its fields are found in the
 * form itself: a server-mode hero has fields of its own ("Business name").
 */
export async function fillContactForm(page: Page, email: string): Promise<void> {
  const form = page.locator('#contact form');
  await form.getByLabel('Name', { exact: true }).fill('Dana Lee');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
  await form.getByLabel('Message', { exact: true }).fill('We miss calls after 6 pm.');
}
