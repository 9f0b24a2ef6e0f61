import type { APIRequestContext } from '@playwright/test';
import { INDEXABLE_ROUTES } from '../src/app/routes';
import { brand } from '../src/content/brand';
import { standInForSdk } from './fake-vapi';
import { expect, isInViewport, test } from './fixtures';
import { fillCalculator } from './visitor';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

/** Turning a visit into a booked call: the after-call panel, the estimate and the source in the lead. */

const CALL_WEB = 'https://api.vapi.ai/call/web';
const IDLE = 'Press here for AI Voice Agent';

async function leadFor(request: APIRequestContext, email: string) {
  const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as Record<
    string,
    unknown
  >[];
  const hooks = (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
    payload: Record<string, unknown>;
  }[];
  return {
    row: rows.find((r) => r.email === email),
    payload: hooks.map((d) => d.payload).find((p) => p.email === email),
  };
}

test.describe('Book a Call on every page', () => {
  for (const path of ['/', '/privacy', '/no-such-page']) {
    test(`the top bar of ${path} has Book a Call, which brings the form into view`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(path);
      await page.locator('header').getByRole('button', { name: 'Book a Call' }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
      await expect(page.locator('#contact h2')).toBeFocused();
    });
  }
});

test.describe('/privacy', () => {
  test('is prerendered, linked from the footer of every page, and in the sitemap', async ({
    page,
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/privacy')).text();
    expect(html).toMatch(/<h1[^>]*>Privacy<\/h1>/);
    expect(html).toContain('Vapi');
    expect(html).toContain('Supabase');
    for (const path of [...INDEXABLE_ROUTES.map((r) => r.path), '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('footer a[href="/privacy"]')).toBeVisible();
    }
    await page.locator('footer a[href="/privacy"]').click();
    await expect(page).toHaveURL(`${baseURL}/privacy`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${baseURL}/privacy</loc>`);
  });
});

test.describe('the demo call', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['microphone']);
  });

  test('beside the button: an AI, may be recorded, with a link to /privacy', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    await expect(
      hero.getByText(/talk to an AI agent, not a person\. Calls may be recorded/),
    ).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});

test.describe('a demo call in progress (the SDK stood in for)', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['microphone']);
    await standInForSdk(page);
  });

  test('Mute and Unmute toggle the microphone, with aria-pressed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Mute' })).toHaveCount(0);
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    const mute = page.getByRole('button', { name: 'Mute' });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(page.getByRole('button', { name: 'Unmute' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Unmute' }).click();
    await expect(page.getByRole('button', { name: 'Mute' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(
      await page.evaluate(
        () => (window as unknown as { __vapi: { mutes: boolean[] } }).__vapi.mutes,
      ),
    ).toEqual([true, false]);
  });

  test('after the agent ends the call, Book a Call brings up the form with the message started', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Book a Call' })).toHaveCount(1); // the top bar's
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { __vapi: { emit: (e: string) => void } }).__vapi.emit('call-end'),
    );
    const panel = page
      .locator('section[aria-labelledby="hero-heading"]')
      .getByRole('status')
      .filter({
        hasText: 'Liked what you heard?',
      });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Book a Call' }).click();
    await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
    await expect(page.getByLabel('Message')).toHaveValue(/^I tried the voice demo and /);
  });

  test('after End Call, Book a Call keeps a message the visitor already wrote', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Message').fill('My own words.');
    await page.getByRole('button', { name: IDLE }).click();
    await page.getByRole('button', { name: 'End Call' }).click();
    await page
      .locator('section[aria-labelledby="hero-heading"]')
      .getByRole('button', { name: 'Book a Call' })
      .click();
    await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
    await expect(page.getByLabel('Message')).toHaveValue('My own words.');
  });

  test('after a call, the next waits for the pause, in this tab and in another', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await page.getByRole('button', { name: 'End Call' }).click();
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByText(/You can start another call in \d+ seconds?\./)).toBeVisible();
    // Another tab of the same visitor is held back too.
    const other = await context.newPage();
    await standInForSdk(other);
    await other.goto('/');
    await other.getByRole('button', { name: IDLE }).click();
    await expect(other.getByText(/You can start another call in \d+ seconds?\./)).toBeVisible();
    await expect(other.getByRole('button', { name: 'End Call' })).toHaveCount(0);
  });

  test('a second tab cannot start a call while one is on', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    const other = await context.newPage();
    await standInForSdk(other);
    await other.goto('/');
    await other.getByRole('button', { name: IDLE }).click();
    await expect(
      other.getByText('A demo call is already on in another tab. End it there, then press again.'),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: 'End Call' })).toHaveCount(0);
  });

  test('no panel after a call that failed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { __vapi: { emit: (e: string, x: unknown) => void } }).__vapi.emit(
        'error',
        { type: 'daily-error', error: { message: 'Meeting has ended due to ejection' } },
      ),
    );
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await expect(page.getByText('Liked what you heard?')).toHaveCount(0);
  });
});

test.describe('a lead that says where it came from', () => {
  test('carries page, the landing utm, the estimate and demo_call, in the row and the webhook', async ({
    page,
    request,
  }, info) => {
    const email = `source-${info.workerIndex}-${Date.now()}@example.com`;
    await page.route(CALL_WEB, (route) => route.abort());
    await page.context().grantPermissions(['microphone']);
    await page.goto('/?utm_source=google&utm_campaign=spring&other=x');
    // A later page of the same visit does not replace the landing campaign.
    await page.getByRole('link', { name: 'About Me' }).click();
    await page.getByRole('link', { name: brand.nav.homeLabel }).click();
    await fillCalculator(page);
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Dana Source');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByLabel('Message').fill('Where did I come from?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByText('Success!')).toBeVisible();
    const { row, payload } = await leadFor(request, email);
    const source = {
      page: '/',
      utm: { utm_source: 'google', utm_campaign: 'spring' },
      estimate: 10000,
      demo_call: true,
    };
    expect(row).toMatchObject(source);
    expect(payload).toMatchObject(source);
  });

  test('a visit with no campaign, estimate or demo sends nulls and false', async ({
    page,
    request,
  }, info) => {
    const email = `plain-${info.workerIndex}-${Date.now()}@example.com`;
    await page.goto('/about-me');
    await page.locator('header').getByRole('button', { name: 'Book a Call' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Dana Plain');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByLabel('Message').fill('Just writing.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact').getByText('Success!')).toBeVisible();
    const { row, payload } = await leadFor(request, email);
    const source = { page: '/', utm: null, estimate: null, demo_call: false };
    expect(row).toMatchObject(source);
    expect(payload).toMatchObject(source);
  });

  test('after a sent message: Book a time, which opens the booking page inline (e2e/booking.spec.ts)', async ({
    page,
  }, info) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Book a time' })).toHaveCount(0);
    await page.getByLabel('Name', { exact: true }).fill('Dana Books');
    await page.getByLabel('Email').fill(`book-${info.workerIndex}-${Date.now()}@example.com`);
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByLabel('Message').fill('I want to pick a time.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Rather not wait for a reply?')).toBeVisible();
    const button = page.getByRole('button', { name: 'Book a time' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the hero shows what the product does', () => {
  test('an illustration of a call answered, in the served HTML, with a text alternative', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('role="img" aria-label="Illustration: the AI agent answers a call');
    await page.goto('/');
    const art = page.getByRole('img', { name: /the AI agent answers a call/ });
    await expect(art).toBeVisible();
    const box = await art.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
  });
});
