/**
 * The outside harness's recipe (issue 47), as `npm run bench` runs it beside the project's own:
 * Lighthouse (mobile preset, simulated throttling) on Chromium started with only
 * OUTSIDE_CHROME_FLAGS, a fresh browser per load; the built site from the plain Node host of
 * outside-host.ts on 127.0.0.1, once ignoring `_headers` and once applying it; each page against
 * the unstyled floor at `/acc-floor/` of the same host; every target interleaved run by run
 * (interleave.ts), medians.
 */
import { OUTSIDE_CHROME_FLAGS } from './chromium';
import { measureInterleaved, median, medians, tableHead } from './interleave';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import { OUTSIDE_FLOOR_PATH, serveOutsideHost } from './outside-host';

export type OutsideHostKind = 'plain' | 'headers';
export const OUTSIDE_HOSTS: readonly OutsideHostKind[] = ['plain', 'headers'];

export interface OutsideFigures {
  /** Lighthouse's category scores, 0 to 1 (medians). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Runs whose observed LCP was the first contentful paint, of the runs. */
  lcpInFirstPaint: string;
  /** Runs in which some request besides the page had ended before the observed LCP. */
  loadsBeforeLcp: string;
}

/** Each host's figures by path, the floor's at OUTSIDE_FLOOR_PATH. */
export type OutsideResults = Record<OutsideHostKind, Record<string, OutsideFigures>>;

export function summarise(runs: LighthouseFigures[]): OutsideFigures {
  const m = medians(runs, ['fcp', 'lcp', 'tbt', 'cls']);
  return {
    performance: median(runs.map((r) => r.scores.performance)),
    accessibility: median(runs.map((r) => r.scores.accessibility)),
    bestPractices: median(runs.map((r) => r.scores.bestPractices)),
    seo: median(runs.map((r) => r.scores.seo)),
    fcpMs: Math.round(m.fcp),
    lcpMs: Math.round(m.lcp),
    tbtMs: Math.round(m.tbt),
    cls: Number(m.cls.toFixed(3)),
    lcpInFirstPaint: `${runs.filter((r) => r.lcpInFirstPaint).length}/${runs.length}`,
    loadsBeforeLcp: `${runs.filter((r) => r.loadedBeforeLcp.length > 0).length}/${runs.length}`,
  };
}

/**
 * Serves `siteDir` from the two outside hosts (`port`: plain, `port + 1`: with `_headers`) and
 * measures the floor and each of `paths` on both, `runs` times, interleaved.
 */
export async function runOutsideRecipe(options: {
  siteDir: string;
  paths: readonly string[];
  runs: number;
  port: number;
  log?: (line: string) => void;
}): Promise<OutsideResults> {
  const { siteDir, paths, runs, port, log = () => undefined } = options;
  const hosts = {
    plain: await serveOutsideHost(siteDir, { port }),
    headers: await serveOutsideHost(siteDir, { port: port + 1, headersFile: true }),
  };
  try {
    const targets = OUTSIDE_HOSTS.flatMap((host) =>
      [OUTSIDE_FLOOR_PATH, ...paths].map((path) => ({ host, path })),
    );
    const measured = await measureInterleaved(targets, runs, async (target, run) => {
      log(`Outside recipe ${target.host} ${target.path} run ${run + 1}/${runs}...`);
      const figures = await runLighthouse(`${hosts[target.host].origin}${target.path}`, {
        chromeFlags: OUTSIDE_CHROME_FLAGS,
      });
      if (figures.runtimeError || Number.isNaN(figures.lcp))
        log(`  no complete figures (${figures.runtimeError ?? 'no LCP'}); left out of the median`);
      return figures;
    });
    const results: OutsideResults = { plain: {}, headers: {} };
    for (const target of targets)
      results[target.host][target.path] = summarise(measured.get(target)!);
    return results;
  } finally {
    await hosts.plain.close();
    await hosts.headers.close();
  }
}

const ratio = (ms: number, floorMs: number | undefined) =>
  floorMs ? (ms / floorMs).toFixed(2) : '-';

/** The four Lighthouse scores out of 100, as `100/100/100/100`. */
function scores(f: OutsideFigures): string {
  return [f.performance, f.accessibility, f.bestPractices, f.seo]
    .map((score) => Math.round(score * 100))
    .join('/');
}

/** The outside recipe's table: each page's LCP against the floor, on both hosts. */
export function outsideTable(results: OutsideResults, runs: number): string {
  const lines = [
    tableHead(
      `| Outside recipe (Lighthouse mobile, median of ${runs}, interleaved; plain Node host on 127.0.0.1, unstyled floor) | LCP, plain host | **LCP / floor, plain host** | LCP, with \`_headers\` | **LCP / floor, with \`_headers\`** | FCP / floor, plain, with \`_headers\` | TBT − floor, plain, with \`_headers\` | LCP in the first paint, plain, with \`_headers\` | runs with a request in the LCP graph, plain, with \`_headers\` | CLS, plain, with \`_headers\` | performance, accessibility, best practices, SEO (plain; with \`_headers\`) |`,
    ),
  ];
  const floor = {
    plain: results.plain[OUTSIDE_FLOOR_PATH],
    headers: results.headers[OUTSIDE_FLOOR_PATH],
  };
  for (const path of Object.keys(results.plain)) {
    const p = results.plain[path]!;
    const h = results.headers[path]!;
    const label =
      path === OUTSIDE_FLOOR_PATH ? `the floor (\`${OUTSIDE_FLOOR_PATH}\`)` : `\`${path}\``;
    const tbt = (f: OutsideFigures, fl: OutsideFigures | undefined) =>
      fl ? `${f.tbtMs - fl.tbtMs} ms` : '-';
    lines.push(
      `| ${label} | ${p.lcpMs} ms | **${ratio(p.lcpMs, floor.plain?.lcpMs)}** | ${h.lcpMs} ms | **${ratio(h.lcpMs, floor.headers?.lcpMs)}** | ${ratio(p.fcpMs, floor.plain?.fcpMs)}, ${ratio(h.fcpMs, floor.headers?.fcpMs)} | ${tbt(p, floor.plain)}, ${tbt(h, floor.headers)} | ${p.lcpInFirstPaint}, ${h.lcpInFirstPaint} | ${p.loadsBeforeLcp}, ${h.loadsBeforeLcp} | ${p.cls}, ${h.cls} | ${scores(p)}; ${scores(h)} |`,
    );
  }
  return lines.join('\n');
}
