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
  /**
   * The page's LCP over the floor's of the same run and host, run by run (absent for the floor
   * itself): a slower minute of the machine falls on both loads of a pair, so the spread of these
   * says whether a median near the goal is above it or only the machine.
   */
  pairedLcp?: PairedRatios;
}

/** Issue 47's goal: each page's LCP within this ratio to the floor's. */
export const LCP_GOAL = 1.15;

export interface PairedRatios {
  median: number;
  low: number;
  high: number;
  /** Pairs at or under LCP_GOAL, of the pairs with both figures, as `k/n`. */
  atGoal: string;
}

/** Run i of the page over run i of the floor; runs without an LCP on either side left out. */
export function pairedRatios(
  runs: readonly LighthouseFigures[],
  floorRuns: readonly LighthouseFigures[],
): PairedRatios | undefined {
  const ratios = runs
    .map((run, i) => run.lcp / (floorRuns[i]?.lcp ?? Number.NaN))
    .filter((r) => Number.isFinite(r));
  if (ratios.length === 0) return undefined;
  // Rounded as the table prints them, so a ratio shown as 1.15 counts as at the goal.
  const two = (r: number) => Number(r.toFixed(2));
  return {
    median: two(median(ratios)),
    low: two(Math.min(...ratios)),
    high: two(Math.max(...ratios)),
    atGoal: `${ratios.filter((r) => two(r) <= LCP_GOAL).length}/${ratios.length}`,
  };
}

/** Each host's figures by path, the floor's at OUTSIDE_FLOOR_PATH. */
export type OutsideResults = Record<OutsideHostKind, Record<string, OutsideFigures>>;

export function summarise(
  runs: LighthouseFigures[],
  floorRuns?: readonly LighthouseFigures[],
): OutsideFigures {
  const m = medians(runs, ['fcp', 'lcp', 'tbt', 'cls']);
  const pairedLcp = floorRuns ? pairedRatios(runs, floorRuns) : undefined;
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
    ...(pairedLcp ? { pairedLcp } : {}),
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
    for (const target of targets) {
      const floor = targets.find((t) => t.host === target.host && t.path === OUTSIDE_FLOOR_PATH)!;
      results[target.host][target.path] = summarise(
        measured.get(target)!,
        target === floor ? undefined : measured.get(floor),
      );
    }
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
      `| Outside recipe (Lighthouse mobile, median of ${runs}, interleaved; plain Node host on 127.0.0.1, unstyled floor) | LCP, plain host | **LCP / floor, plain host** | LCP, with \`_headers\` | **LCP / floor, with \`_headers\`** | LCP / floor run by run: median (range, runs ≤ ${LCP_GOAL}), plain; with \`_headers\` | FCP / floor, plain, with \`_headers\` | TBT − floor, plain, with \`_headers\` | LCP in the first paint, plain, with \`_headers\` | runs with a request in the LCP graph, plain, with \`_headers\` | CLS, plain, with \`_headers\` | performance, accessibility, best practices, SEO (plain; with \`_headers\`) |`,
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
    const paired = (f: OutsideFigures) =>
      f.pairedLcp
        ? `${f.pairedLcp.median.toFixed(2)} (${f.pairedLcp.low.toFixed(2)}-${f.pairedLcp.high.toFixed(2)}, ${f.pairedLcp.atGoal})`
        : '-';
    lines.push(
      `| ${label} | ${p.lcpMs} ms | **${ratio(p.lcpMs, floor.plain?.lcpMs)}** | ${h.lcpMs} ms | **${ratio(h.lcpMs, floor.headers?.lcpMs)}** | ${paired(p)}; ${paired(h)} | ${ratio(p.fcpMs, floor.plain?.fcpMs)}, ${ratio(h.fcpMs, floor.headers?.fcpMs)} | ${tbt(p, floor.plain)}, ${tbt(h, floor.headers)} | ${p.lcpInFirstPaint}, ${h.lcpInFirstPaint} | ${p.loadsBeforeLcp}, ${h.loadsBeforeLcp} | ${p.cls}, ${h.cls} | ${scores(p)}; ${scores(h)} |`,
    );
  }
  return lines.join('\n');
}
