import type { Page } from '@playwright/test';

/** Fills the contact form as a visitor would (the company left empty). */
export async function fillContactForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Name').fill('Dana Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(555) 010-2030');
  await page.getByLabel('Message').fill('We miss calls after 6 pm.');
}
