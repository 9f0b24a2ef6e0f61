import { trades } from '../src/content/trades';
import { expect, test } from './fixtures';

/**
 * A page for each trade (src/content/trades.ts): its own h1, metadata and JSON-LD, the sections
 * of / in its words, its calculator examples and its testimonial first; / links to each.
 */

for (const trade of trades) {
  test(`${trade.path} speaks to ${trade.name.toLowerCase()}, in the served HTML and after take-over`, async ({
    page,
    request,
    baseURL,
    watch,
  }) => {
    const html = await (await request.get(trade.path)).text();
    expect(html).toContain(`<title>${trade.seo.title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${trade.path}">`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}${trade.path}">`);
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as { '@type': string; url: string; audience: { audienceType: string } };
    expect(jsonLd).toMatchObject({
      '@type': 'Service',
      url: `${baseURL}${trade.path}`,
      audience: { audienceType: trade.name },
    });

    await page.goto(trade.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(trade.hero.headline);
    await expect(page.getByText(trade.hero.lead)).toBeVisible();
    await expect(page.getByText(trade.calculator.intro)).toBeVisible();
    await expect(page.getByLabel('Leads per month')).toHaveAttribute(
      'placeholder',
      trade.calculator.placeholders.leads,
    );
    await expect(page.getByRole('heading', { name: trade.afterHours.heading })).toBeVisible();
    const first = page
      .getByRole('region', { name: 'Results From the Field' })
      .locator('figure')
      .first();
    await expect(first).toContainText(trade.testimonialFirst);
    // A trade's page does not list the trades again.
    await expect(page.getByRole('navigation', { name: 'Built for your trade' })).toHaveCount(0);
    expect(watch.errors).toEqual([]);
    expect(watch.thirdParty).toEqual([]);
  });
}

test('/ links to every trade page, and a link shows it with its own metadata', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('navigation', { name: 'Built for your trade' });
  await expect(picker.getByRole('link')).toHaveCount(trades.length);
  for (const trade of trades)
    await expect(picker.getByRole('link', { name: trade.name })).toHaveAttribute(
      'href',
      trade.path,
    );
  const [solar] = trades;
  await picker.getByRole('link', { name: solar.name }).click();
  await expect(page).toHaveURL(new RegExp(`${solar.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(solar.hero.headline);
  await expect(page).toHaveTitle(solar.seo.title);
});
