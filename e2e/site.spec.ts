import UPNG from 'upng-js';
import { ICON_FILES, TAB_ICON, drawIcon } from '../scripts/lib/brand-assets';
import { brandPalette } from '../scripts/lib/brand-palette';
import { SOCIAL_CARD_PATH } from '../scripts/lib/brand-plugin';
import { INDEXABLE_ROUTES, ROUTES, servedPaths, type Route } from '../src/app/routes';
import { trades } from '../src/content/trades';
import { brand } from '../src/content/brand';
import { hero } from '../src/content/hero';
import { seo } from '../src/content/seo';
import { site } from '../site.config';
import { expect, holdScripts, isInViewport, seriousA11yViolations, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const HOME_SECTIONS_IN_ORDER = [
  // [accessible name of the region, what identifies it]
  'Every call answered. Every lead followed up. Automatically.',
  'What slow follow-up costs you',
  'Tired of Missing After-Hours Calls?',
  'What I Build',
  'Want to stop repeating yourself on every call?',
  'Results From the Field',
  'Hear the agent on a real call',
  'How It Works',
  'Book a call',
];

test.describe('the landing page', () => {
  test('shows the nine parts of the spec in order, with one h1 and no console error', async ({
    page,
    watch,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Me' }),
    ).toBeVisible();
    const regions = page.locator('main section');
    const names = await regions.evaluateAll((sections) =>
      sections.map(
        (s) => document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      ),
    );
    expect(names).toEqual(HOME_SECTIONS_IN_ORDER);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Press here for AI Voice Agent' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View Demo/ })).toBeVisible();
    for (const title of ['AI Voice Agent', 'Smart Follow-Up Engine', 'Ops Layer and CRM Routing']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    for (const step of ['Map your calls', 'Build the AI layer', 'You run the business']) {
      await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
    const testimonials = page
      .getByRole('region', { name: 'Results From the Field' })
      .locator('figure');
    await expect(testimonials).toHaveCount(3);
    for (const figure of await testimonials.all()) {
      const img = figure.getByRole('img');
      await expect(img).toHaveAttribute('alt', /Portrait of/);
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('loading', 'lazy');
    }
    await expect(page.locator('section#contact')).toHaveCount(1);
    expect(watch.errors).toEqual([]);
    expect(watch.thirdParty).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
  });

  test('keeps the top bar fixed at the top while scrolling', async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('header').first();
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await bar.boundingBox();
    expect(box?.y).toBe(0);
    await expect(bar.getByRole('link', { name: 'About Me' })).toBeInViewport();
  });

  test('View Demo opens the demo video in a new tab without an opener', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/');
    const link = page.getByRole('link', { name: /View Demo/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const popupPromise = context.waitForEvent('page');
    await link.click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${baseURL}${LOCAL_ROUTES.demoVideo}`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
  });

  test('the after-hours banner button scrolls to the contact section and moves focus there', async ({
    page,
  }) => {
    await page.goto('/');
    expect(await isInViewport(page, '#contact')).toBe(false);
    await page.getByRole('button', { name: 'Get your agent' }).click();
    await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
    await expect(page.locator('#contact h2')).toBeFocused();
  });

  test('About Me goes to the founder page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'About Me' }).click();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `Hi, I'm ${site.founder.firstName}`,
    );
    await expect(page).toHaveTitle(seo.about.title);
  });
});

test.describe('the about page portrait', () => {
  test('comes inside the served page, with no request of its own, whole and sharp', async ({
    page,
  }) => {
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    // Held back, the app cannot be what shows it: it is in the served page.
    const scripts = await holdScripts(page);
    await page.goto('/about-me', { waitUntil: 'commit' });
    const portrait = page.getByRole('img', { name: `Portrait of ${site.founder.name}` });
    await expect(portrait).toBeVisible();
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const shown = await portrait.evaluate((img: HTMLImageElement) => ({
      inline: img.currentSrc.startsWith('data:image/webp;base64,'),
      complete: img.complete,
      naturalWidth: img.naturalWidth,
      slotWidth: img.getBoundingClientRect().width,
    }));
    expect(shown.inline).toBe(true);
    expect(shown.complete).toBe(true);
    // Enough pixels for its slot on a 2x screen (a 256 or 320 px slot).
    expect(shown.naturalWidth).toBeGreaterThanOrEqual(2 * shown.slotWidth);
    expect(images.filter((url) => !url.startsWith('data:'))).toEqual([]);
    scripts.release();
  });
});

test.describe('moving between pages in the browser', () => {
  test('the landing page is whole when reached from the about page', async ({ page }) => {
    await page.goto('/about-me');
    await page.getByRole('link', { name: brand.nav.homeLabel }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const heading of ['What I Build', 'Results From the Field', 'How It Works']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: 'Want to stop repeating yourself on every call?',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Press here for AI Voice Agent' })).toBeVisible();
  });

  test('the about page is whole when reached from the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'About Me' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Why I do this' })).toBeVisible();
    await expect(page.getByRole('img', { name: `Portrait of ${site.founder.name}` })).toBeVisible();
  });
});

test.describe('when a page part cannot be fetched', () => {
  test('Book a Call still lands on the form, with a note where the missing part would be', async ({
    page,
    watch,
  }) => {
    await page.route('**/assets/home-story-sections-*.js', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/about-me');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Book a Call' })
      .click();
    await expect(page.getByText('This part of the page could not be loaded.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reload the page' })).toBeVisible();
    await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(watch.errors.some((line) => line.includes('could not be loaded'))).toBe(true);
  });
});

test.describe('the about page', () => {
  test('opens at its top, even when reached from a scrolled page', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('link', { name: 'About Me' }).click();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('opens at its top when reloaded where it was scrolled', async ({ page }) => {
    await page.goto('/about-me');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Book a Call replaces the history entry and brings the contact form into view', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/?visit=first');
    await page.goto('/about-me');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Book a Call' })
      .click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect.poll(() => isInViewport(page, '#contact h2')).toBe(true);
    await expect(page.locator('#contact h2')).toBeFocused();
    // /about-me was replaced, so Back skips it and returns to the visit before it.
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/?visit=first`);
  });

  test('Book a Call lands on the form even when the landing page renders slowly (CPU 20x slower)', async ({
    page,
    baseURL,
  }) => {
    // The scroll once ran on a timer started before the landing page rendered: on a slow CPU
    // it fired while the form was not there yet, and the visitor stayed at the top.
    await page.goto('/about-me');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Book a Call' })
      .click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect.poll(() => isInViewport(page, '#contact h2'), { timeout: 20_000 }).toBe(true);
    await expect(page.locator('#contact h2')).toBeFocused();
  });

  test('has the intro, personal section and call to action with no console error', async ({
    page,
    watch,
  }) => {
    await page.goto('/about-me');
    await expect(page.getByRole('heading', { level: 2, name: 'Why I do this' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ready to stop missing calls?' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: brand.nav.homeLabel })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('button', { name: 'Book a Call' })).toHaveCount(2);
    expect(watch.errors).toEqual([]);
    expect(watch.thirdParty).toEqual([]);
    expect(watch.cspViolations).toEqual([]);
  });
});

/** What each page's h1 says. */
const ROUTE_HEADINGS = new Map<Route['path'], RegExp>([
  ['/', new RegExp(hero.headline.slice(0, 20))],
  ...trades.map((trade) => [trade.path, new RegExp(trade.headingKeyword, 'i')] as const),
  ['/about-me', new RegExp(site.founder.firstName)],
  ['/privacy', /Privacy/],
  ['/404', /Page not found/],
]);

test.describe('every served path', () => {
  // One list decides what a path shows, for the host and the browser alike: a path the host
  // serves a page at keeps that page once the app takes over, and a wrong-case path is the
  // not-found page on both sides. Any console error (React's hydration error #418) fails.
  const cases: { path: string; status: number; heading: RegExp }[] = [
    ...ROUTES.flatMap((route) =>
      servedPaths(route).map((path) => ({
        path,
        status: 200,
        heading: ROUTE_HEADINGS.get(route.path)!,
      })),
    ),
    { path: '/About-Me', status: 404, heading: ROUTE_HEADINGS.get('/404')! },
    { path: '/Index.html', status: 404, heading: ROUTE_HEADINGS.get('/404')! },
  ];
  for (const { path, status, heading } of cases) {
    test(`${path} shows the same page before and after the take-over`, async ({ page, watch }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      // Read after the take-over (the page fixture waits for it): a router that disagreed with
      // the host would have replaced the page and logged a hydration error by now.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // (The browser reports the 404 status of the document itself, which is the point.)
      const documentStatus = `Failed to load resource: the server responded with a status of ${status} (Not Found)`;
      expect(watch.errors.filter((line) => line !== documentStatus)).toEqual([]);
    });
  }
});

test.describe('unknown paths', () => {
  test('get the not-found page with status 404 and a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Every call answered');
  });
});

test.describe('prerendered HTML', () => {
  test('the page paints before the app script is even requested', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const { paint, script } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      script: performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(paint).toBeDefined();
    expect(script).toBeDefined();
    expect(script!).toBeGreaterThanOrEqual(paint!);
  });

  /** The words React writes into the HTML, as it escapes them. */
  const asHtml = (text: string) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll("'", '&#x27;')
      .replaceAll('"', '&quot;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;');
  const pages: [string, () => Promise<readonly string[]>][] = [
    [
      '/',
      async () => [
        'Every call answered',
        'What I Build',
        'Results From the Field',
        'How It Works',
        'Leads per month',
        'Press here for AI Voice Agent',
      ],
    ],
    // Every trade page, from the trades' index: a new trade is checked with no line here.
    ...trades.map((trade): [string, () => Promise<readonly string[]>] => [
      trade.path,
      async () => {
        const { hero } = (await trade.words()).default;
        return [hero.eyebrow, hero.headline, hero.lead, 'Press here for AI Voice Agent'];
      },
    ]),
    [
      '/about-me',
      async () => [`Hi, I'm ${site.founder.firstName}`, 'Why I do this', brand.nav.bookCall],
    ],
    [
      '/privacy',
      async () => ['Privacy', 'The contact form', 'The voice demo', 'Deleting your information'],
    ],
    ['/404.html', async () => ['Page not found', 'Go to the home page']],
  ];
  for (const [path, texts] of pages) {
    test(`${path} holds its text before any script runs`, async ({ request }) => {
      const response = await request.get(path);
      const html = await response.text();
      for (const text of await texts()) expect(html).toContain(asHtml(text));
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    });
  }

  test('the pages read the same with JavaScript off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();
    await page.goto('/about-me');
    await expect(page.getByRole('heading', { level: 2, name: 'Why I do this' })).toBeVisible();
    await context.close();
  });

  test('without JavaScript the form cannot be sent natively, and says how to reach us', async ({
    browser,
    baseURL,
    request,
  }) => {
    // (Playwright's JavaScript switch does not turn <noscript> on, so its words are read here.)
    const html = await (await request.get('/')).text();
    expect(html).toMatch(
      new RegExp(
        `<noscript><p[^>]*>This form needs JavaScript turned on\\. You can also email(<!-- -->)? <a href="mailto:${site.email.replaceAll('.', '\\.')}">`,
      ),
    );
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Name', { exact: true }).fill('Dana Lee');
    await page.getByLabel('Email').fill('dana@example.com');
    // A native submit would be a GET with the visitor's details in the URL: the served button is
    // not a submit button, so neither a press nor Enter submits anything.
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send).toHaveAttribute('type', 'button');
    await send.click();
    await page.getByLabel('Email').press('Enter');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    // (Playwright's press and click wait for a navigation they start to commit: had any of them
    // submitted the form, the count below would show it.)
    expect(navigations).toBe(0);
    expect(page.url()).toBe(`${baseURL}/`);
    await context.close();
  });

  test('each page has its own title, description, canonical link, social cards and JSON-LD', async ({
    request,
    baseURL,
  }) => {
    for (const [path, type] of [
      ['/', 'ProfessionalService'],
      ...trades.map((trade) => [trade.path, 'Service'] as const),
      ['/about-me', 'ProfilePage'],
    ] as const) {
      const html = await (await request.get(path)).text();
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}">`);
      expect(html).toContain(`<meta property="og:image" content="${baseURL}/og-image.png">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe(type);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of PAGE_PATHS)
      expect(sitemap).toContain(`<loc>${baseURL}${path === '/' ? '/' : path}</loc>`);
    expect((await request.get('/og-image.png')).status()).toBe(200);
  });
});

/** Every page of the site, from the route manifest. */
const PAGE_PATHS = INDEXABLE_ROUTES.map((route) => route.path);

test.describe('layout and access', () => {
  for (const width of [360, 1280]) {
    for (const path of [...PAGE_PATHS, '/no-such-page']) {
      test(`axe finds no serious or critical violation on ${path} at ${width} px`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    }
  }

  for (const width of [360, 768, 1440]) {
    test(`no sideways scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PAGE_PATHS) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
        // The fixed top bar cannot scroll: everything in it must fit the screen.
        for (const item of await page.locator('header nav a, header nav button').all()) {
          const box = await item.boundingBox();
          expect(
            box && box.x + box.width,
            `${path}: ${await item.textContent()}`,
          ).toBeLessThanOrEqual(width);
        }
      }
    });
  }

  test('keyboard focus is always visible', async ({ page }) => {
    await page.goto('/');
    let stops = 0;
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        // Inside a player, focus moves through the browser's own controls (play, mute, the
        // menu), which draw their own ring; the player itself is ringed when it takes focus.
        if (el instanceof HTMLAudioElement && !el.matches(':focus'))
          return { ring: 'solid 1px (the player control)', what: el.outerHTML.slice(0, 80) };
        const style = getComputedStyle(el);
        return {
          ring: `${style.outlineStyle} ${style.outlineWidth}`,
          what: el.outerHTML.slice(0, 80),
        };
      });
      if (!focused) break;
      stops += 1;
      expect(focused.ring, `focus ring on ${focused.what}`).toMatch(/solid [1-9]/);
    }
    expect(stops).toBeGreaterThanOrEqual(10);
  });

  test('reduced motion turns smooth scrolling off', async ({ browser, baseURL }) => {
    const reduced = await browser.newContext({ reducedMotion: 'reduce', baseURL });
    const page = await reduced.newPage();
    await page.goto('/');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('auto');
    await reduced.close();
    const normal = await browser.newContext({ reducedMotion: 'no-preference', baseURL });
    const page2 = await normal.newPage();
    await page2.goto('/');
    expect(
      await page2.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('smooth');
    await normal.close();
  });
});

test.describe('the site icon', () => {
  const palette = brandPalette(site.colors.brand);

  test('every page carries its tab icon inside the HTML and asks for no icon while it loads', async ({
    page,
    request,
  }) => {
    const tabIcon = await (await request.get(TAB_ICON.path)).body();
    const iconLink = `<link rel="icon" href="data:image/png;base64,${tabIcon.toString('base64')}" type="image/png" sizes="48x48"`;
    for (const path of [...PAGE_PATHS, '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(iconLink);
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
      expect(html, path).toContain(`<meta name="theme-color" content="${palette[900]}"`);
    }
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (/\/(favicon|apple-touch-icon)[^/]*$|\.ico$/.test(new URL(sent.url()).pathname))
        asked.push(sent.url());
    });
    for (const path of PAGE_PATHS) {
      await page.goto(path);
      await page.waitForLoadState('load');
      // Chromium asks for a page's icon just after the load event.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
    }
    expect(asked).toEqual([]);
  });

  test('the tab icon stays small enough to ride in every page (under 1 KiB)', async ({
    request,
  }) => {
    expect((await (await request.get(TAB_ICON.path)).body()).length).toBeLessThan(1024);
  });

  for (const icon of ICON_FILES) {
    test(`${icon.path} is the mark drawn by the build from colors.brand at ${icon.size} px`, async ({
      request,
    }) => {
      const served = await request.get(icon.path);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
      const body = await served.body();
      expect(body.equals(drawIcon(palette, icon))).toBe(true);
      const image = UPNG.decode(new Uint8Array(body).buffer);
      expect([image.width, image.height]).toEqual([icon.size, icon.size]);
    });
  }

  test(`${SOCIAL_CARD_PATH} is the build's social card, 1200x630`, async ({ request }) => {
    const served = await request.get(SOCIAL_CARD_PATH);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    const image = UPNG.decode(new Uint8Array(await served.body()).buffer);
    expect([image.width, image.height]).toEqual([1200, 630]);
  });
});
