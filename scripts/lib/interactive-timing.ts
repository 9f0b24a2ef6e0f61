import type { Browser } from '@playwright/test';

export interface InteractiveTiming {
  /** First contentful paint, ms from navigation start. */
  fcpMs: number;
  /** When the app had taken over the page (`app-interactive` mark), ms from navigation start. */
  interactiveMs: number;
  /** The window in which the page looked ready and was not: interactive minus FCP. */
  paintToInteractiveMs: number;
}

export interface TimingOptions {
  /** Chrome DevTools CPU throttling rate (4 = a mid-range phone). */
  cpuSlowdown: number;
  /** Holds every script of the site back this long before it is served. */
  holdScriptsMs?: number;
}

/**
 * Loads `url` in headless Chromium with the CPU slowed and, optionally, the site's scripts held
 * back, and reads when the page painted and when the app had taken it over. The app sets the
 * `app-interactive` performance mark once every control can act (see src/app/app.tsx).
 */
export async function measureInteractive(
  browser: Browser,
  url: string,
  { cpuSlowdown, holdScriptsMs = 0 }: TimingOptions,
): Promise<InteractiveTiming> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (holdScriptsMs > 0) {
      await page.route(
        (target) => target.pathname.endsWith('.js'),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, holdScriptsMs));
          await route.continue().catch(() => undefined);
        },
      );
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .locator('html[data-hydrated="true"]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const interactive = performance.getEntriesByName('app-interactive')[0]?.startTime ?? NaN;
      return { fcp, interactive };
    });
    return {
      fcpMs: Math.round(timing.fcp),
      interactiveMs: Math.round(timing.interactive),
      paintToInteractiveMs: Math.round(timing.interactive - timing.fcp),
    };
  } finally {
    await context.close();
  }
}
