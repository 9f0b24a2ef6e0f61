import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export type LighthouseFigures = Awaited<ReturnType<typeof runLighthouseOnce>>;

/** Lighthouse's own failures to record a trace say nothing about the page: the run is repeated. */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
const ATTEMPTS = 3;

export async function runLighthouse(
  url: string,
  { chromeFlags = ['--headless=new', ...CHROMIUM_ARGS] }: { chromeFlags?: string[] } = {},
): Promise<LighthouseFigures> {
  let figures = await runLighthouseOnce(url, chromeFlags);
  for (let attempt = 1; attempt < ATTEMPTS && isRecordingFailure(figures); attempt += 1) {
    console.warn(`Lighthouse could not record ${url} (${figures.runtimeError}); running it again.`);
    figures = await runLighthouseOnce(url, chromeFlags);
  }
  return figures;
}

export function isRecordingFailure(figures: { runtimeError?: string }): boolean {
  return RECORDING_FAILURES.has(figures.runtimeError?.split(':')[0] ?? '');
}

async function runLighthouseOnce(url: string, chromeFlags: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    const num = (id: string) => Number(audits[id]?.numericValue);
    const score = (id: string) => Number(categories[id]?.score ?? 0);
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      // Milliseconds, except CLS; NaN for a figure the run did not give.
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      failing: Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => `${audit.id} (${audit.score}): ${audit.title}`),
      runtimeError: runtimeError && `${runtimeError.code}: ${runtimeError.message}`,
    };
  } finally {
    await chrome.kill();
  }
}
