import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface PageWatch {
  /** console.error lines and uncaught exceptions. */
  errors: string[];
  /** Requests to any origin other than the site's. */
  thirdParty: string[];
  /** CSP violations the page reported. */
  cspViolations: string[];
}

let addressesUsed = 0;

/**
 * A client address for one test (10.w.x.y, w the worker): the local stack keeps the
 * X-Forwarded-For a local peer sends, so each test is its own visitor to the database's
 * per-address limit, as real visitors are.
 */
function nextClientAddress(workerIndex: number): string {
  addressesUsed += 1;
  return `10.${workerIndex % 256}.${Math.floor(addressesUsed / 256) % 256}.${addressesUsed % 256}`;
}

/**
 * Every test's page is watched: console errors, uncaught exceptions, requests leaving the site
 * and CSP violations are collected. No request to another origin reaches the internet: no
 * interception on every request (which slows each one), the browser's proxy refuses them.
 */
export const test = base.extend<{ watch: PageWatch }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': nextClientAddress(testInfo.workerIndex) });
  },
  // Most tests act once the app has taken over the page. A test that asks for
  // `waitUntil: 'commit'` acts as early as a visitor can, before that (e2e/early-action.spec.ts).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof page.goto>) => {
      const response = await goto(...args);
      if (args[1]?.waitUntil !== 'commit') {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  // Automatic: every test's page is watched, whether or not the test reads what was seen.
  watch: [
    async ({ page, baseURL }, use) => {
      // The local stack answers at every loopback name of its port: none of them is another site.
      const port = new URL(baseURL ?? 'http://localhost').port;
      const own = new Set(
        ['localhost', '127.0.0.1', '[::1]'].map(
          (host) => `http://${host}${port ? `:${port}` : ''}`,
        ),
      );
      const watch: PageWatch = { errors: [], thirdParty: [], cspViolations: [] };
      page.on('console', (message) => {
        if (message.type() === 'error') watch.errors.push(message.text());
      });
      page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`));
      // Chromium sends every request to another host through a proxy that is not there
      // (playwright.config.ts), so it fails at once; a test's own routes answer first.
      page.on('requestfailed', (request) => {
        const url = new URL(request.url());
        if (!own.has(url.origin) && (url.protocol === 'http:' || url.protocol === 'https:'))
          watch.thirdParty.push(request.url());
      });
      await page.exposeBinding('__reportCsp', (_source, text: string) => {
        watch.cspViolations.push(text);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCsp?: (text: string) => void })
            .__reportCsp;
          report?.(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
        });
      });
      await use(watch);
      // Every browser test runs under the built site's real CSP; none may trip it.
      expect(watch.cspViolations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Holds every script of the site back until `release()` is called (or `ms` have passed), as a
 * slow phone network would: the page paints from its HTML and the app has not taken over yet.
 */
export async function holdScripts(page: Page, ms = 30_000): Promise<{ release: () => void }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, ms);
  });
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  return { release: () => release() };
}

/** The serious and critical accessibility violations axe finds on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/** Whether an element's box lies (at least partly) inside the viewport. */
export async function isInViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
}
