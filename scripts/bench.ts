/**
 * `npm run bench`: builds the production site and measures it two ways, printing both (issue 47).
 *
 * The project's recipe: serves the build as a CDN would (brotli/gzip, the _headers) from the
 * local stack on `localhost`, and prints what a visitor downloads and what Lighthouse measures
 * (mobile preset, simulated throttling, median of 5 runs per route), with each page's FCP and LCP
 * as a ratio to the floor (scripts/lib/floor-page.ts: the headline alone, served by the same
 * server with the site's own headers; the bare floor beside it), measured interleaved in the same
 * run: ratios, not milliseconds, compare across machines. Every page is measured both ways: with
 * the site's headers, and from a plain static host that ignores `_headers` (each against the
 * floor served the same way), with its TBT minus the floor's; then observed paints and the
 * take-over.
 *
 * The outside recipe (scripts/lib/outside-recipe.ts): an outside harness's way, a plain Node
 * static server on 127.0.0.1 (scripts/lib/outside-host.ts) with and without `_headers`, the
 * unstyled floor at `/acc-floor/`, Chromium with only `--headless=new --no-sandbox
 * --disable-gpu`. docs/performance.md ("Issue 47") says why the two differ.
 *
 * Environment: BENCH_RECIPE=project|outside|both (both), BENCH_RUNS (5), BENCH_PORT (4480: the
 * project's hosts on it and the next port, the outside hosts on the two after), BENCH_SITE=<dir>
 * to measure a site already built (`tsx scripts/build.ts --out <dir>`) instead of building one,
 * BENCH_PATHS=/,/about-me to measure only those pages (then nothing is written). Writes each
 * recipe's figures to docs/performance.json and its tables into docs/performance.md (the
 * project's between the bench markers, the outside recipe's between the bench-outside ones); a
 * recipe not run keeps what it last wrote.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDEXABLE_ROUTES } from '../src/app/routes';
import { localDefaults } from '../src/lib/config-schema';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { firstLoad, sizesOf, type FirstLoad, type Sizes } from './lib/bundle-report';
import { benchMachine, launchChromium } from './lib/chromium';
import { measureInteractive, type InteractiveTiming } from './lib/interactive-timing';
import { measureInterleaved, medians, tableHead } from './lib/interleave';
import { BARE_FLOOR_PATH, FLOOR_PATH } from './lib/floor-page';
import { runLighthouse, type LighthouseFigures } from './lib/lighthouse';
import { outsideTable, runOutsideRecipe, type OutsideResults } from './lib/outside-recipe';
import { measurePaint, type ObservedPaint } from './lib/observed-paint';
import { runBuild } from './lib/own-stack';
import { serveBothWays } from './lib/plain-host';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GIVEN_SITE = process.env.BENCH_SITE ? resolve(process.env.BENCH_SITE) : null;
const siteDir = GIVEN_SITE ?? join(root, '.bench', 'site');
const dataDir = join(root, '.bench', 'data');
const PORT = Number(process.env.BENCH_PORT ?? 4480);
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY_PATHS = process.env.BENCH_PATHS?.split(',').filter(Boolean) ?? null;
const ROUTES = INDEXABLE_ROUTES.filter(
  (route) => !ONLY_PATHS || ONLY_PATHS.includes(route.path),
).map((route) => ({ path: route.path, html: route.file }));
const RECIPES = ['project', 'outside', 'both'] as const;
const RECIPE = (process.env.BENCH_RECIPE ?? 'both') as (typeof RECIPES)[number];
if (!RECIPES.includes(RECIPE)) throw new Error(`BENCH_RECIPE is one of ${RECIPES.join(', ')}.`);
const RUN_PROJECT = RECIPE !== 'outside';
const RUN_OUTSIDE = RECIPE !== 'project';
/**
 * A plain static host beside the site's (compression, clean URLs, 404, but no `_headers`: a
 * host that ignores that file), serving the same build and the floor the same way.
 */
const PLAIN_ORIGIN = `http://localhost:${PORT + 1}`;
const PLAIN = 'plain:';
/** What Lighthouse measures, interleaved run by run: the floor first, then every page, both ways. */
const MEASURED_HERE = [FLOOR_PATH, BARE_FLOOR_PATH, ...ROUTES.map((route) => route.path)];
const MEASURED_PLAIN = [FLOOR_PATH, ...ROUTES.map((route) => route.path)].map((p) => PLAIN + p);
const MEASURED = [...MEASURED_HERE, ...MEASURED_PLAIN];
const FLOORS = new Set([FLOOR_PATH, BARE_FLOOR_PATH, PLAIN + FLOOR_PATH]);
/** The address of a measured key: the site's host, or the plain host for `plain:` keys. */
const urlOf = (key: string) =>
  key.startsWith(PLAIN) ? `${PLAIN_ORIGIN}${key.slice(PLAIN.length)}` : `${ORIGIN}${key}`;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function build() {
  // A production build whose services point at the local stack: every variable is checked
  // as in a real deploy, and nothing leaves this machine.
  const env = {
    ...process.env,
    ...localDefaults(ORIGIN, LOCAL_ANON_KEY_DEFAULT),
    // The default profile, as an owner's build is: the server step starts calls and stores
    // leads (no Vapi key, no webhook address in the page), behind a real-looking site key (a
    // production build refuses Cloudflare's testing keys; the widget loads on intent only).
    VITE_CONTACT_WEBHOOK_URL: '',
    VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAABenchSiteKey',
  };
  const result = runBuild(['--out', siteDir], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The production build failed.');
}

async function lazyChunks(): Promise<Record<string, Sizes & { file: string }>> {
  const files = await readdir(join(siteDir, 'assets'));
  const chunks: Record<string, Sizes & { file: string }> = {};
  for (const [label, prefix] of [
    ['voice SDK (@vapi-ai/web + daily-js)', 'vapi-'],
    ['voice call driver', 'voice-call-'],
    ["the lead's sender (supabase-js only with VITE_LEADS=browser)", 'send-contact-'],
  ] as const) {
    const file = files.find((name) => name.startsWith(prefix) && name.endsWith('.js'));
    if (file) chunks[label] = { file, ...sizesOf(await readFile(join(siteDir, 'assets', file))) };
  }
  return chunks;
}

function medianFigures(runs: LighthouseFigures[]) {
  const scores = runs.map((r) => r.scores);
  const m = medians(runs, ['fcp', 'lcp', 'tbt', 'cls', 'totalBytes']);
  return {
    ...medians(scores, ['performance', 'accessibility', 'bestPractices', 'seo']),
    fcpMs: Math.round(m.fcp),
    lcpMs: Math.round(m.lcp),
    tbtMs: Math.round(m.tbt),
    cls: Number(m.cls.toFixed(3)),
    totalBytes: Math.round(m.totalBytes),
    lcpInFirstPaint: `${runs.filter((r) => r.lcpInFirstPaint).length}/${runs.length}`,
  };
}

/** The take-over scenarios: a phone's CPU, and the same with a slow network for the scripts. */
const TAKE_OVER_CASES = [
  { label: 'CPU 4x slower', cpuSlowdown: 4, holdScriptsMs: 0 },
  { label: 'CPU 4x slower, scripts held back 3 s', cpuSlowdown: 4, holdScriptsMs: 3000 },
] as const;

type TakeOverFigures = InteractiveTiming & { label: string };

/** The home page's paint-to-interactive time, median of RUNS, for each take-over case. */
async function takeOver(): Promise<TakeOverFigures[]> {
  const browser = await launchChromium();
  try {
    const figures: TakeOverFigures[] = [];
    for (const scenario of TAKE_OVER_CASES) {
      const runs: InteractiveTiming[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        process.stdout.write(`Paint to interactive (${scenario.label}) run ${i + 1}/${RUNS}...\n`);
        runs.push(await measureInteractive(browser, `${ORIGIN}/`, scenario));
      }
      const keys = ['fcpMs', 'interactiveMs', 'paintToInteractiveMs'] as const;
      figures.push({ label: scenario.label, ...medians(runs, keys) });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/**
 * The same pages loaded for real with Lighthouse's mobile profile applied (observed, not
 * simulated), interleaved run by run like Lighthouse's: what the visitor's browser paints.
 */
async function observedPaints(): Promise<Record<string, ObservedPaint>> {
  const browser = await launchChromium();
  try {
    const runs = await measureInterleaved(MEASURED, RUNS, (path, i) => {
      process.stdout.write(`Observed paint ${path} run ${i + 1}/${RUNS}...\n`);
      return measurePaint(browser, urlOf(path));
    });
    return Object.fromEntries(
      MEASURED.map((path) => [path, medians(runs.get(path)!, ['fcpMs', 'lcpMs'])]),
    );
  } finally {
    await browser.close();
  }
}

const floorLabel = (route: string) =>
  route === FLOOR_PATH
    ? "the floor (headline alone, 1 KiB, the site's headers)"
    : route === BARE_FLOOR_PATH
      ? "the floor without the site's headers"
      : `\`${route}\``;

function tables(
  loads: Record<string, FirstLoad>,
  chunks: Awaited<ReturnType<typeof lazyChunks>>,
  lighthouse: Record<string, ReturnType<typeof medianFigures>>,
  observed: Record<string, ObservedPaint>,
  interactive: TakeOverFigures[],
) {
  const lines: string[] = [];
  // Each table after a blank line.
  const head = (header: string, left?: number) => {
    if (lines.length > 0) lines.push('');
    lines.push(tableHead(header, left));
  };
  head('| first load | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli |');
  for (const [route, load] of Object.entries(loads)) {
    lines.push(
      `| \`${route}\` | ${kib(load.js.raw)} | ${kib(load.js.gzip)} | ${kib(load.js.brotli)} | ${kib(load.css.raw)} | ${kib(load.css.gzip)} | ${kib(load.css.brotli)} |`,
    );
  }
  head('| lazy chunk (loaded on intent) | file | raw | gzip | brotli |', 2);
  for (const [label, chunk] of Object.entries(chunks)) {
    lines.push(
      `| ${label} | \`${chunk.file}\` | ${kib(chunk.raw)} | ${kib(chunk.gzip)} | ${kib(chunk.brotli)} |`,
    );
  }
  const floor = lighthouse[FLOOR_PATH];
  const ratio = (ms: number, floorMs: number | undefined) =>
    floorMs ? `${(ms / floorMs).toFixed(2)}` : '-';
  head(
    `| Lighthouse with the site's headers (mobile, median of ${RUNS}, interleaved) | performance | accessibility | best practices | SEO | FCP | LCP | **LCP / floor** | FCP / floor | LCP in the first paint | TBT | TBT − floor | CLS | total bytes |`,
  );
  const tbtOver = (ms: number, floorMs: number | undefined) =>
    floorMs === undefined ? '-' : `${ms - floorMs} ms`;
  for (const [route, f] of Object.entries(lighthouse)) {
    if (route.startsWith(PLAIN)) continue;
    lines.push(
      `| ${floorLabel(route)} | ${Math.round(f.performance * 100)} | ${Math.round(f.accessibility * 100)} | ${Math.round(f.bestPractices * 100)} | ${Math.round(f.seo * 100)} | ${f.fcpMs} ms | ${f.lcpMs} ms | **${ratio(f.lcpMs, floor?.lcpMs)}** | ${ratio(f.fcpMs, floor?.fcpMs)} | ${f.lcpInFirstPaint} | ${f.tbtMs} ms | ${tbtOver(f.tbtMs, floor?.tbtMs)} | ${f.cls} | ${kib(f.totalBytes)} |`,
    );
  }
  const plainFloor = lighthouse[PLAIN + FLOOR_PATH];
  head(
    `| From a plain static host (no \`_headers\`; Lighthouse mobile, median of ${RUNS}, interleaved) | performance | FCP | LCP | **LCP / floor** | FCP / floor | LCP in the first paint | TBT | TBT − floor | CLS |`,
  );
  for (const [key, f] of Object.entries(lighthouse)) {
    if (!key.startsWith(PLAIN)) continue;
    const route = key.slice(PLAIN.length);
    const label = route === FLOOR_PATH ? 'the floor, served the same way' : `\`${route}\``;
    lines.push(
      `| ${label} | ${Math.round(f.performance * 100)} | ${f.fcpMs} ms | ${f.lcpMs} ms | **${ratio(f.lcpMs, plainFloor?.lcpMs)}** | ${ratio(f.fcpMs, plainFloor?.fcpMs)} | ${f.lcpInFirstPaint} | ${f.tbtMs} ms | ${tbtOver(f.tbtMs, plainFloor?.tbtMs)} | ${f.cls} |`,
    );
  }
  const observedFloor = observed[FLOOR_PATH];
  head(
    `| Observed in Chromium, mobile profile applied (median of ${RUNS}, interleaved) | FCP | LCP | **LCP / floor** | FCP / floor |`,
  );
  for (const [route, o] of Object.entries(observed)) {
    // Each page against the floor served the same way as it.
    const own = route.startsWith(PLAIN) ? observed[PLAIN + FLOOR_PATH] : observedFloor;
    const label = route.startsWith(PLAIN)
      ? `${route === PLAIN + FLOOR_PATH ? 'the floor' : `\`${route.slice(PLAIN.length)}\``}, from a plain static host`
      : floorLabel(route);
    lines.push(
      `| ${label} | ${o.fcpMs} ms | ${o.lcpMs} ms | **${ratio(o.lcpMs, own?.lcpMs)}** | ${ratio(o.fcpMs, own?.fcpMs)} |`,
    );
  }
  const home = lighthouse['/'];
  head(
    `| \`/\` take-over (Chromium, median of ${RUNS}) | FCP | app took over | paint to interactive | Lighthouse LCP | Lighthouse TBT |`,
  );
  for (const t of interactive) {
    lines.push(
      `| ${t.label} | ${t.fcpMs} ms | ${t.interactiveMs} ms | **${t.paintToInteractiveMs} ms** | ${home?.lcpMs ?? '-'} ms | ${home?.tbtMs ?? '-'} ms |`,
    );
  }
  return lines.join('\n');
}

/** The project's recipe: the local stack and its plain host, observed paints, the take-over. */
async function projectRecipe() {
  const loads: Record<string, FirstLoad> = {};
  for (const route of ROUTES) loads[route.path] = await firstLoad(siteDir, route.html);
  const chunks = await lazyChunks();

  // The stack's database folder (a given site, BENCH_SITE, comes without the build's .bench).
  await mkdir(dataDir, { recursive: true });
  const hosts = await serveBothWays(siteDir, dataDir, PORT);
  const lighthouse: Record<string, ReturnType<typeof medianFigures>> = {};
  const failing: Record<string, string[]> = {};
  let interactive: TakeOverFigures[] = [];
  let observed: Record<string, ObservedPaint> = {};
  try {
    const runs = await measureInterleaved(MEASURED, RUNS, async (path, i) => {
      process.stdout.write(`Lighthouse ${path} run ${i + 1}/${RUNS}...\n`);
      const run = await runLighthouse(urlOf(path));
      if (run.runtimeError || Number.isNaN(run.lcp)) {
        console.warn(
          `  this run has no complete figures (${run.runtimeError ?? 'no LCP'}); it is left out of the median`,
        );
      }
      return run;
    });
    for (const path of MEASURED) {
      lighthouse[path] = medianFigures(runs.get(path)!);
      if (!FLOORS.has(path)) {
        failing[path] = [...new Set(runs.get(path)!.flatMap((r) => r.failing))];
      }
    }
    observed = await observedPaints();
    interactive = await takeOver();
  } finally {
    await hosts.close();
  }
  const table = tables(loads, chunks, lighthouse, observed, interactive);
  const figures = {
    firstLoad: loads,
    lazyChunks: chunks,
    lighthouse,
    observed,
    takeOver: interactive,
    notPassing: failing,
  };
  console.log(`\n${table}\n\nAudits not at full marks in some run:`);
  for (const [route, audits] of Object.entries(failing))
    console.log(`  ${route}: ${audits.join('; ') || 'none'}`);
  return { table, figures };
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
function replaceBlock(doc: string, name: string, body: string): string {
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  if (!pattern.test(doc)) throw new Error(`docs/performance.md has no ${name} markers.`);
  return doc.replace(pattern, () => `<!-- ${name}:start -->\n${body}\n<!-- ${name}:end -->`);
}

async function main() {
  if (!GIVEN_SITE) {
    await rm(join(root, '.bench'), { recursive: true, force: true });
    build();
  }
  const date = new Date().toISOString();
  const machine = benchMachine();
  const project = RUN_PROJECT ? await projectRecipe() : null;
  let outside: OutsideResults | null = null;
  if (RUN_OUTSIDE) {
    outside = await runOutsideRecipe({
      siteDir,
      paths: ROUTES.map((route) => route.path),
      runs: RUNS,
      port: PORT + 2,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    console.log(`\n${outsideTable(outside, RUNS)}`);
  }
  await rm(join(root, '.bench'), { recursive: true, force: true });
  if (ONLY_PATHS) {
    console.log('\nBENCH_PATHS is set: docs/performance.json and .md are left as they were.');
    return;
  }

  const jsonPath = join(root, 'docs', 'performance.json');
  const previous = JSON.parse(await readFile(jsonPath, 'utf8').catch(() => '{}')) as Record<
    string,
    unknown
  >;
  const json = {
    ...previous,
    ...(project ? { date, machine, runs: RUNS, ...project.figures } : {}),
    ...(outside ? { outside: { date, machine, runs: RUNS, ...outside } } : {}),
  };
  await writeFile(jsonPath, JSON.stringify(json, null, 2) + '\n');
  const docPath = join(root, 'docs', 'performance.md');
  let doc = await readFile(docPath, 'utf8');
  const measured = `Measured ${date.slice(0, 10)} on ${machine}.`;
  if (project) doc = replaceBlock(doc, 'bench', `${measured}\n\n${project.table}`);
  if (outside)
    doc = replaceBlock(doc, 'bench-outside', `${measured}\n\n${outsideTable(outside, RUNS)}`);
  await writeFile(docPath, doc);
  console.log('\nWrote docs/performance.json and the tables in docs/performance.md.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
