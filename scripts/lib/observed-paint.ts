import type { Browser, Page } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';

/**
 * Lighthouse's mobile profile applied to a real load instead of simulated: its "devtools"
 * throttling values (a request latency of 562.5 ms, 1.47 Mbit/s down, 675 kbit/s up, the CPU
 * slowed 4x), set through the DevTools protocol as Lighthouse itself sets them in that mode.
 */
export const APPLIED_MOBILE = throttling.mobileSlow4G;

/** Applies the mobile profile to this page's loads and requests (Chromium's DevTools throttling). */
export async function applyMobileProfile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: APPLIED_MOBILE.requestLatencyMs,
    downloadThroughput: (APPLIED_MOBILE.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (APPLIED_MOBILE.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: APPLIED_MOBILE.cpuSlowdownMultiplier });
}

export interface ObservedPaint {
  /** First contentful paint, ms from navigation start, as Chromium reported it. */
  fcpMs: number;
  /** The last largest-contentful-paint entry, ms from navigation start. */
  lcpMs: number;
}

/**
 * Loads `url` once in a fresh context with the mobile profile applied and reads the paint
 * timings the browser itself reports. Lighthouse's simulated figures replay a dependency graph
 * of an unthrottled load; this is the load itself, slowed, so a change that helps only the
 * replay (a request moved out of the graph, not out of the visitor's way) shows here as nothing.
 */
export async function measurePaint(browser: Browser, url: string): Promise<ObservedPaint> {
  // Lighthouse's mobile screen (412 x 823 CSS px at 1.75x).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await applyMobileProfile(page);
    await page.addInitScript(() => {
      const record = { lcp: Number.NaN };
      (window as unknown as { __observedPaint: typeof record }).__observedPaint = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Past the load, the largest paint can still change until the page settles.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // Paint entries reach the timeline when the frame's presentation is reported back, which on a
    // busy machine with the CPU slowed can come after the network has gone quiet: wait for both.
    await page.waitForFunction(
      () =>
        performance.getEntriesByName('first-contentful-paint').length > 0 &&
        (window as unknown as { __observedPaint: { lcp: number } }).__observedPaint.lcp >= 0,
      null,
      { timeout: 60_000, polling: 100 },
    );
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      lcp: (window as unknown as { __observedPaint: { lcp: number } }).__observedPaint.lcp,
    }));
    return {
      fcpMs: Math.round(timing.fcp),
      lcpMs: Math.round(timing.lcp),
    };
  } finally {
    await context.close();
  }
}
