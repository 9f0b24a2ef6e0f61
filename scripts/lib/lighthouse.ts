import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface LighthouseFigures {
  url: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Milliseconds, except CLS (unitless) and bytes. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  totalBytes: number;
  /**
   * Whether the largest paint was in the first contentful paint in the unthrottled load the
   * metrics are simulated from (observed LCP = observed FCP): the headline painted in the first
   * frame with content, not a frame later.
   */
  lcpInFirstPaint: boolean;
  /** Audits that did not pass, with their titles, for finding what holds a score back. */
  failing: string[];
  /**
   * The requests other than the page itself that had finished, in the unthrottled load the
   * metrics are simulated from, before its largest paint (Lighthouse's network-requests audit
   * against its observed LCP). Lantern's pessimistic LCP graph keeps every request that ended
   * before the observed LCP, so a script requested after the first paint still costs its whole
   * simulated download when it happened to arrive before that paint was recorded.
   */
  loadedBeforeLcp: string[];
  /** Lighthouse's own error for the run, if any (its metrics are then NaN). */
  runtimeError?: string;
}

/** How Lighthouse's Chromium is started: the project's flags unless told otherwise. */
export interface LighthouseOptions {
  /** All of Chromium's flags, `--headless=new` included. */
  chromeFlags?: string[];
}

/** The project's own: headless, and CHROMIUM_ARGS (no sandbox, no GPU, no background traffic). */
export const PROJECT_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/**
 * Lighthouse's own failures to record a trace ("Please run Lighthouse again"): they say nothing
 * about the page, so the run is repeated rather than reported.
 */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const ATTEMPTS = 3;

/** One Lighthouse run (mobile preset, simulated throttling: Lighthouse's defaults) on Chromium. */
export async function runLighthouse(
  url: string,
  options: LighthouseOptions = {},
): Promise<LighthouseFigures> {
  let figures = await runLighthouseOnce(url, options);
  for (let attempt = 1; attempt < ATTEMPTS && isRecordingFailure(figures); attempt += 1) {
    console.warn(`Lighthouse could not record ${url} (${figures.runtimeError}); running it again.`);
    figures = await runLighthouseOnce(url, options);
  }
  return figures;
}

/** Reads the observed (unthrottled) FCP and LCP from the `metrics` audit's details. */
export function observedLcpInFirstPaint(details: unknown): boolean {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const observed = items?.[0];
  const fcp = observed?.observedFirstContentfulPaint;
  const lcp = observed?.observedLargestContentfulPaint;
  return typeof fcp === 'number' && typeof lcp === 'number' && lcp === fcp;
}

/**
 * The URLs (the page itself and data: URLs left out) whose request ended before the observed LCP: the
 * network-requests audit's times count from the first request, the observed LCP from the
 * navigation's start, a few milliseconds earlier, so a request counted here surely ended first.
 */
export function loadedBeforeLcp(metrics: unknown, requests: unknown, pageUrl: string): string[] {
  const lcp = (metrics as { items?: Record<string, unknown>[] } | undefined)?.items?.[0]
    ?.observedLargestContentfulPaint;
  const items = (requests as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  if (typeof lcp !== 'number') return [];
  return (
    items
      // data: URLs (the pages' inline icons and portrait) are no request: nothing to download.
      .filter((item) => item.url !== pageUrl && !String(item.url).startsWith('data:'))
      .filter((item) => typeof item.networkEndTime === 'number')
      .filter((item) => (item.networkEndTime as number) <= lcp)
      .map((item) => String(item.url))
  );
}

/** Whether a run failed inside Lighthouse (not because of the page) and is worth repeating. */
export function isRecordingFailure(figures: Pick<LighthouseFigures, 'runtimeError'>): boolean {
  const code = figures.runtimeError?.split(':')[0] ?? '';
  return RECORDING_FAILURES.has(code);
}

async function runLighthouseOnce(
  url: string,
  { chromeFlags = PROJECT_CHROME_FLAGS }: LighthouseOptions,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    // NaN for an audit without a figure.
    const num = (id: string) => Number(audits[id]?.numericValue);
    const score = (id: string) => Number(categories[id]?.score ?? 0);
    const failing = Object.values(audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode),
      )
      .map((audit) => `${audit.id} (${audit.score}): ${audit.title}`);
    return {
      url,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      totalBytes: num('total-byte-weight'),
      lcpInFirstPaint: observedLcpInFirstPaint(audits['metrics']?.details),
      loadedBeforeLcp: loadedBeforeLcp(
        audits['metrics']?.details,
        audits['network-requests']?.details,
        result.lhr.finalDisplayedUrl,
      ),
      failing,
      ...(result.lhr.runtimeError
        ? { runtimeError: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` }
        : {}),
    };
  } finally {
    await chrome.kill();
  }
}
