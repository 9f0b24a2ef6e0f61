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
import { OUTSIDE_FLOOR_PATH, serveOutsideHost, type OutsideHost } from './outside-host';

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

/** A figure's run-by-run spread: the median of the pairs, and the lowest and highest. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

/** The spread of the values that are numbers (a pair missing one figure is left out of it). */
function spread(values: readonly number[], digits: number): Spread {
  const round = (v: number) => Number(v.toFixed(digits));
  const numbers = values.filter((v) => Number.isFinite(v));
  return {
    median: round(median(numbers)),
    low: round(Math.min(...numbers)),
    high: round(Math.max(...numbers)),
  };
}

/** Issue 47's goal: each page's LCP within this ratio to the floor's. */
export const LCP_GOAL = 1.15;

export interface PairedRatios extends Spread {
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
    ...spread(ratios, 2),
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

/** What both benches give the outside recipe. */
interface OutsideOptions {
  paths: readonly string[];
  runs: number;
  port: number;
  log?: (line: string) => void;
  /** One Lighthouse load (runLighthouse); a stand-in in the tests. */
  lighthouse?: typeof runLighthouse;
}

/** Each target the outside recipe loads: a path of one site (its index in `sites`) on one host. */
interface OutsideTarget {
  site: number;
  host: OutsideHostKind;
  path: string;
}

/**
 * Serves each of `sites` from the two outside hosts (site i: `port + 2i` plain, the next port
 * with `_headers`) and measures, on each host, the first site's floor and each of `paths` of every
 * site, `runs` times, interleaved: run i of every target before run i + 1 of any, so a slower
 * minute of the machine falls on every site alike.
 */
async function measureOutside(
  options: OutsideOptions & { sites: readonly string[]; log: (line: string) => void },
): Promise<{ targets: OutsideTarget[]; measured: Map<OutsideTarget, LighthouseFigures[]> }> {
  const { sites, paths, runs, port, log, lighthouse = runLighthouse } = options;
  const hosts: Record<OutsideHostKind, OutsideHost>[] = [];
  try {
    for (const [i, siteDir] of sites.entries())
      hosts.push({
        plain: await serveOutsideHost(siteDir, { port: port + 2 * i }),
        headers: await serveOutsideHost(siteDir, { port: port + 2 * i + 1, headersFile: true }),
      });
    const targets = OUTSIDE_HOSTS.flatMap((host) => [
      { site: 0, host, path: OUTSIDE_FLOOR_PATH },
      ...paths.flatMap((path) => sites.map((_, site) => ({ site, host, path }))),
    ]);
    const name = (site: number) => (sites.length > 1 ? `${'AB'[site] ?? site} ` : '');
    const measured = await measureInterleaved(targets, runs, async (target, run) => {
      log(
        `Outside recipe ${name(target.site)}${target.host} ${target.path} run ${run + 1}/${runs}...`,
      );
      const figures = await lighthouse(`${hosts[target.site]![target.host].origin}${target.path}`, {
        chromeFlags: OUTSIDE_CHROME_FLAGS,
      });
      if (figures.runtimeError || Number.isNaN(figures.lcp))
        log(`  no complete figures (${figures.runtimeError ?? 'no LCP'}); left out of the median`);
      return figures;
    });
    return { targets, measured };
  } finally {
    for (const host of hosts) {
      await host.plain.close();
      await host.headers.close();
    }
  }
}

/** The floor's runs on the target's host. */
function floorOf(
  targets: readonly OutsideTarget[],
  measured: Map<OutsideTarget, LighthouseFigures[]>,
  host: OutsideHostKind,
): LighthouseFigures[] {
  return measured.get(targets.find((t) => t.host === host && t.path === OUTSIDE_FLOOR_PATH)!)!;
}

/**
 * Serves `siteDir` from the two outside hosts (`port`: plain, `port + 1`: with `_headers`) and
 * measures the floor and each of `paths` on both, `runs` times, interleaved.
 */
export async function runOutsideRecipe(
  options: OutsideOptions & { siteDir: string },
): Promise<OutsideResults> {
  const { siteDir, log = () => undefined, ...rest } = options;
  const { targets, measured } = await measureOutside({ sites: [siteDir], log, ...rest });
  const results: OutsideResults = { plain: {}, headers: {} };
  for (const target of targets) {
    const floor = floorOf(targets, measured, target.host);
    const runs = measured.get(target)!;
    results[target.host][target.path] = summarise(runs, runs === floor ? undefined : floor);
  }
  return results;
}

/** Site B against site A, load i of B with load i of A (the same minute of the machine). */
export interface PairedAB {
  /** B's LCP over A's, pair by pair. */
  lcpRatio: Spread;
  /** Pairs in which B's LCP was lower, of the pairs with both figures, as `k/n`. */
  lcpLower: string;
  /** B's TBT minus A's, in ms, pair by pair. */
  tbtDifference: Spread;
  tbtLower: string;
}

/**
 * Pairs run i of B with run i of A: the machine's minute-to-minute swings fall on both loads of
 * a pair, so the pairs say whether B is faster more reliably than two medians do. Runs without a
 * figure on either side are left out; nothing when no pair has both.
 */
export function pairedAB(
  a: readonly LighthouseFigures[],
  b: readonly LighthouseFigures[],
): PairedAB | undefined {
  const pairs = b
    .map((run, i) => ({ b: run, a: a[i] }))
    .filter(
      (p): p is { a: LighthouseFigures; b: LighthouseFigures } =>
        p.a !== undefined && Number.isFinite(p.a.lcp) && Number.isFinite(p.b.lcp),
    );
  if (pairs.length === 0) return undefined;
  const of = (values: boolean[]) => `${values.filter(Boolean).length}/${values.length}`;
  return {
    lcpRatio: spread(
      pairs.map((p) => p.b.lcp / p.a.lcp),
      3,
    ),
    lcpLower: of(pairs.map((p) => p.b.lcp < p.a.lcp)),
    tbtDifference: spread(
      pairs.map((p) => p.b.tbt - p.a.tbt),
      0,
    ),
    tbtLower: of(pairs.map((p) => p.b.tbt < p.a.tbt)),
  };
}

/** Each page of two sites on each outside host: both sites' figures, and B paired with A. */
export type OutsideABResults = Record<
  OutsideHostKind,
  Record<string, { a: OutsideFigures; b: OutsideFigures; paired?: PairedAB }>
> & { floor: Record<OutsideHostKind, OutsideFigures> };

/**
 * `npm run bench:ab`'s outside recipe: two builds served side by side from the outside hosts
 * (A on `port` and the next, B on the two after), the floor of A's host beside them. Both builds'
 * pages are set against that floor: when the two send different headers, B's "against the floor"
 * figures on the host with `_headers` carry A's headers on the floor's side (read B against the
 * plain host's floor then, as docs/performance.md did for the opener policy).
 */
export async function runOutsideAB(
  options: OutsideOptions & { sites: readonly [string, string] },
): Promise<OutsideABResults> {
  const { log = () => undefined, ...rest } = options;
  const { targets, measured } = await measureOutside({ log, ...rest });
  const results: OutsideABResults = {
    plain: {},
    headers: {},
    floor: {
      plain: summarise(floorOf(targets, measured, 'plain')),
      headers: summarise(floorOf(targets, measured, 'headers')),
    },
  };
  for (const host of OUTSIDE_HOSTS) {
    const floor = floorOf(targets, measured, host);
    for (const path of options.paths) {
      const [a, b] = [0, 1].map((site) =>
        measured.get(targets.find((t) => t.site === site && t.host === host && t.path === path)!)!,
      ) as [LighthouseFigures[], LighthouseFigures[]];
      const paired = pairedAB(a, b);
      results[host][path] = {
        a: summarise(a, floor),
        b: summarise(b, floor),
        ...(paired ? { paired } : {}),
      };
    }
  }
  return results;
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

/** `npm run bench:ab`'s outside table: each page of A and B on each host, B paired with A. */
export function outsideABTable(results: OutsideABResults, runs: number): string {
  const lines = [
    tableHead(
      `| page, host (outside recipe, median of ${runs}, interleaved) | LCP A | LCP B | **B / A LCP, paired**: median (range) | B's LCP lower | LCP / floor, paired: A; B | TBT A | TBT B | **B − A TBT, paired**: median (range) | B's TBT lower | TBT − floor: A; B | runs with a request in the LCP graph: A; B | performance: A; B |`,
      1,
    ),
  ];
  for (const host of OUTSIDE_HOSTS) {
    const floor = results.floor[host];
    const label = host === 'plain' ? 'plain host' : 'with `_headers`';
    lines.push(
      `| the floor, ${label} | ${floor.lcpMs} ms | - | - | - | - | ${floor.tbtMs} ms | - | - | - | - | ${floor.loadsBeforeLcp} | ${Math.round(floor.performance * 100)} |`,
    );
    for (const [path, { a, b, paired }] of Object.entries(results[host])) {
      const toFloor = (f: OutsideFigures) => f.pairedLcp?.median.toFixed(2) ?? '-';
      const range = (s: Spread, digits: number, unit = '') =>
        `${s.median.toFixed(digits)}${unit} (${s.low.toFixed(digits)} to ${s.high.toFixed(digits)}${unit})`;
      lines.push(
        `| \`${path}\`, ${label} | ${a.lcpMs} ms | ${b.lcpMs} ms | **${paired ? range(paired.lcpRatio, 3) : '-'}** | ${paired?.lcpLower ?? '-'} | ${toFloor(a)}; ${toFloor(b)} | ${a.tbtMs} ms | ${b.tbtMs} ms | **${paired ? range(paired.tbtDifference, 0, ' ms') : '-'}** | ${paired?.tbtLower ?? '-'} | ${a.tbtMs - floor.tbtMs} ms; ${b.tbtMs - floor.tbtMs} ms | ${a.loadsBeforeLcp}; ${b.loadsBeforeLcp} | ${Math.round(a.performance * 100)}; ${Math.round(b.performance * 100)} |`,
      );
    }
  }
  return lines.join('\n');
}
