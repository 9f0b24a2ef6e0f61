import { readFile } from 'node:fs/promises';
import { brand } from '../src/content/brand';
import { hero } from '../src/content/hero';
import { tradeSeo } from '../src/content/seo';
import { trades as tradeEntries } from '../src/content/trades/index';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import type { CreateCallBody } from '../supabase/functions/_shared/vapi/types';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import { standInForSdk } from './fake-vapi';
import { expect, test } from './fixtures';

// Each trade's entry with its words (src/content/trades/<slug>.ts).
const trades = await Promise.all(
  tradeEntries.map(async ({ words, ...entry }) => ({ ...entry, ...(await words()).default })),
);
// Two different trades of site.config.ts, with their words.
const [first, second] = [trades[0]!, trades[1]!];

/** A trade's sample call: src/content/call-samples/<slug>.json (a spec cannot import JSON). */
async function sampleOf(slug: string) {
  return JSON.parse(await readFile(`src/content/call-samples/${slug}.json`, 'utf8')) as {
    durationSeconds: number;
    lines: { text: string }[];
  };
}

/** The player's length, as callSamplesSection.length (src/content/call-samples.ts) writes it. */
const lengthOf = (seconds: number) =>
  `Length ${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/**
 * A page for each trade (src/content/trades/): its own h1, metadata and JSON-LD, the sections
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
    expect(html).toContain(`<title>${tradeSeo(trade).title}</title>`);
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
    // The h1 names the trade: search engines weigh the heading.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(trade.headingKeyword, {
      ignoreCase: true,
    });
    await expect(page.getByText(trade.hero.lead)).toBeVisible();
    await expect(page.getByText(trade.calculator.intro)).toBeVisible();
    await expect(page.getByLabel('Leads per month')).toHaveAttribute(
      'placeholder',
      trade.calculator.placeholders.leads,
    );
    await expect(page.getByRole('heading', { name: trade.afterHours.heading })).toBeVisible();
    const firstTestimonial = page
      .getByRole('region', { name: 'Results From the Field' })
      .locator('figure')
      .first();
    await expect(firstTestimonial).toContainText(trade.testimonialFirst);
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
  await picker.getByRole('link', { name: first.name }).click();
  await expect(page).toHaveURL(new RegExp(`${first.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.hero.headline);
  await expect(page).toHaveTitle(tradeSeo(first).title);
});

test("each page fetches only its own trade's words: none on /, its own on a trade page", async ({
  page,
}) => {
  const words: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (file && trades.some((trade) => trade.slug === file)) words.push(file);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(words).toEqual([]);
  await page.goto(first.path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(words).toEqual([first.slug]);
});

test("/ reached from a trade page by the site's own link is /, not the trade's story", async ({
  page,
  watch,
}) => {
  await page.goto(first.path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('link', { name: brand.nav.homeLabel }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.headline);
  // The story below the fold is /'s: every trade's link and every trade's call, not its own only.
  const picker = page.getByRole('navigation', { name: 'Built for your trade' });
  await expect(picker.getByRole('link')).toHaveCount(trades.length);
  await expect(page.locator('audio')).toHaveCount(trades.length);
  // And back to the trade page by the browser's Back: in its words again.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.hero.headline);
  await expect(page.locator('audio')).toHaveCount(1);
  expect(watch.errors).toEqual([]);
});

test.describe('the trade goes with everything that leaves a trade page', () => {
  test('the voice demo and the chat tell the agent the trade (variableValues.trade)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['microphone']);
    await standInForSdk(page);
    await page.goto(first.path);
    await page.getByRole('button', { name: 'Press here for AI Voice Agent' }).click();
    await page.getByRole('button', { name: 'End Call' }).click();
    await page.getByRole('button', { name: /^Type instead/ }).click();
    await page.getByLabel('Your message').fill('Hi');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log', { name: 'Chat with the agent' })).toContainText(
      chatReplyTo('Hi'),
    );
    // What the functions asked the Vapi stand-in for, for this visit: the call and the chat.
    const visit = await page.evaluate(() => sessionStorage.getItem('visit:id'));
    const asked = (
      (await (await page.request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
        path: string;
        body: {
          assistantOverrides?: {
            variableValues?: Record<string, unknown>;
            metadata?: Record<string, unknown>;
          };
        };
      }[]
    ).filter(({ body: { assistantOverrides: asked } }) =>
      // A call names the visit in its metadata, a chat in its variables.
      [asked?.metadata?.visit_id, asked?.variableValues?.visit_id].includes(visit),
    );
    expect(
      asked.map((call) => [call.path, call.body.assistantOverrides?.variableValues?.trade]),
    ).toEqual([
      ['/call/web', first.slug],
      ['/chat', first.slug],
    ]);
  });

  test("Call my phone carries the trade in its variables, to the agent and the call's report", async ({
    page,
    request,
  }) => {
    await page.goto(second.path);
    await page.getByRole('button', { name: /^Call my phone/ }).click();
    // A number no other test uses (555-01xx is kept for fiction).
    await page.getByLabel('Phone number').fill('(415) 555-0187');
    await page.getByRole('checkbox', { name: /AI agent/ }).check();
    await page.getByRole('button', { name: 'Call me now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Calling you now' })).toBeVisible();
    const calls = (await (await request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
      path: string;
      body: CreateCallBody;
    }[];
    const ours = calls.filter(
      (call) => call.path === '/call' && call.body.customer?.number === '+14155550187',
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body.assistantOverrides?.variableValues).toMatchObject({
      trade: second.slug,
    });
    // The callback keeps it with its variables, and the call's report carries it.
    const callbacks = (await (await request.get(LOCAL_ROUTES.callbacksJson)).json()) as {
      phone: string;
      vapi_call_id: string;
      variables: { trade?: string } | null;
    }[];
    const callback = callbacks.find((row) => row.phone === '+14155550187')!;
    expect(callback.variables?.trade).toBe(second.slug);
    const ended = await request.post(LOCAL_ROUTES.vapiCallEnd(callback.vapi_call_id));
    expect(ended.status(), await ended.text()).toBe(200);
    const reports = (await (await request.get(LOCAL_ROUTES.callReportsJson)).json()) as {
      vapi_call_id: string;
      trade: string | null;
    }[];
    expect(reports.find((report) => report.vapi_call_id === callback.vapi_call_id)?.trade).toBe(
      second.slug,
    );
  });

  test('a lead sent from a trade page carries it, in the row and the webhook', async ({
    page,
    request,
  }) => {
    const email = `trade-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto(second.path);
    await page.getByLabel('Name', { exact: true }).fill('Dana Lee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByLabel('Message').fill('We miss buyer calls during showings.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.locator('#contact').getByRole('status').filter({ hasText: 'Success!' }),
    ).toBeVisible();
    const rows = (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as {
      email: string;
      trade: string | null;
    }[];
    expect(rows.find((row) => row.email === email)?.trade).toBe(second.slug);
    const deliveries = (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
      payload: { email?: string; trade?: string | null };
    }[];
    expect(deliveries.find((d) => d.payload.email === email)?.payload.trade).toBe(second.slug);
    const inbox = await (await request.get(LOCAL_ROUTES.inbox)).text();
    expect(inbox).toContain(`trade ${second.slug}`);
  });
});

test.describe('Hear the agent on a real call', () => {
  test('one player per trade on /, one on a trade page, each transcript in the served HTML', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    for (const trade of trades) {
      const sample = await sampleOf(trade.slug);
      expect(home).toContain(sample.lines[0]!.text);
      const page = await (await request.get(trade.path)).text();
      expect(page.match(/<audio /g)).toHaveLength(1);
      expect(page).toContain(`data-transcript="transcript-${trade.slug}"`);
      expect(page).toContain(sample.lines.at(-1)!.text);
    }
    expect(home.match(/<audio [^>]*preload="none"/g)).toHaveLength(trades.length);
  });

  test('fetches no audio before play, then marks the line being spoken as it plays', async ({
    page,
  }) => {
    const media: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/samples/')) media.push(new URL(request.url()).pathname);
    });
    await page.goto(first.path);
    await page.waitForLoadState('networkidle');
    const player = page.locator(`audio[data-transcript="transcript-${first.slug}"]`);
    await player.scrollIntoViewIfNeeded();
    const { durationSeconds } = await sampleOf(first.slug);
    await expect(page.getByText(lengthOf(durationSeconds))).toBeVisible();
    expect(media).toEqual([]);
    // Muted, a page may play without a gesture: the test presses play that way.
    await player.evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
    });
    await expect
      .poll(() => media.some((path) => path.startsWith(`/samples/${first.slug}.`)))
      .toBe(true);
    const lines = page.locator(`#transcript-${first.slug} li`);
    await expect(lines.first()).toHaveAttribute('aria-current', 'true');
    // Forward to the third line: the mark follows.
    const third = Number(await lines.nth(2).getAttribute('data-start'));
    await player.evaluate((audio: HTMLAudioElement, at) => (audio.currentTime = at + 0.2), third);
    await expect(lines.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator(`#transcript-${first.slug} li[aria-current]`)).toHaveCount(1);
  });
});
