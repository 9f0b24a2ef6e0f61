import { expect, test } from './fixtures';

test.describe('the revenue calculator', () => {
  test('shows the estimate in dollars only when all four are filled with non-zero values', async ({
    page,
  }) => {
    await page.goto('/');
    const result = page.getByTestId('calculator-result');
    const output = page.locator('output');
    await expect(output).toHaveAttribute('aria-live', 'polite');
    await page.getByLabel('Leads per month').fill('10');
    await page.getByLabel('Average deal value ($)').fill('1000');
    await page.getByLabel('Response delay (hours)').fill('2');
    await expect(result).toHaveCount(0);
    await page.getByLabel('Close rate (%)').fill('15.3');
    await expect(result).toHaveText('$1,530');
    await page.getByLabel('Response delay (hours)').fill('1');
    await expect(result).toHaveText('$765');
    await page.getByLabel('Response delay (hours)').fill('12');
    await expect(result).toHaveText('$1,530');
    await page.getByLabel('Leads per month').fill('0');
    await expect(result).toHaveCount(0);
    await expect(output).toContainText('Fill in all four numbers');
  });

  test('refuses letters, signs and exponents as they are typed, and rates above 100', async ({
    page,
  }) => {
    await page.goto('/');
    const leads = page.getByLabel('Leads per month');
    await leads.pressSequentially('1e');
    await expect(leads).toHaveValue('1');
    await expect(leads).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Numbers only, no letters or signs.')).toBeVisible();
    await leads.pressSequentially('-2a+3.5');
    await expect(leads).toHaveValue('123.5');
    await expect(leads).not.toHaveAttribute('aria-invalid');
    const rate = page.getByLabel('Close rate (%)');
    await rate.pressSequentially('1005');
    await expect(rate).toHaveValue('100');
    await expect(page.getByText('A close rate can be at most 100.')).toBeVisible();
    await rate.fill('');
    await rate.pressSequentially('99.5');
    await expect(rate).toHaveValue('99.5');
  });
});
