/**
 * `npm run bench:ab -- <site-a> <site-b>`: two built sites (`tsx scripts/build.ts --out <dir>`
 * with the same VITE_ values), measured side by side in both of the bench's recipes, for deciding
 * whether a change helps. Prints the machine and browser first: figures move with both.
 *
 * The outside recipe (scripts/lib/outside-recipe.ts, issue 47's measure): both sites from the
 * plain Node host on 127.0.0.1, once ignoring `_headers` and once applying it, beside the
 * unstyled floor; Lighthouse on Chromium with only the outside harness's flags, a fresh browser
 * per load; every load of B paired with the same run's load of A, so the table gives B's LCP over
 * A's and B's TBT minus A's pair by pair, and in how many pairs B was lower. On this machine a
 * page's TBT moves by hundreds of ms from load to load, so read a change from the pairs, not from
 * two medians, and give it more runs than the default (BENCH_RUNS=7 or more).
 *
 * The project's recipe: both sites served side by side by the local stack, each with the floor page
 * (scripts/lib/floor-page.ts), and measured by Lighthouse interleaved run by run (floor, then
 * each page of A, then of B), so both meet the same machine. Prints each page's median FCP, LCP
 * and TBT and its LCP as a ratio to the floor, then loads each for real with the mobile profile
 * applied (scripts/lib/observed-paint.ts) and prints the observed LCP and its ratio too. Both
 * ways: with the site's headers (the local stack) and from a plain static host that ignores
 * `_headers`, each page against the floor served the same way, with its TBT minus the floor's.
 * BENCH_RECIPE=outside|project|both (both) runs one recipe alone, BENCH_RUNS (5) sets the runs,
 * BENCH_PATHS the pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchMachine, launchChromium } from './lib/chromium';
import { FLOOR_PATH } from './lib/floor-page';
import { measureInterleaved, medians, tableHead } from './lib/interleave';
import { runLighthouse } from './lib/lighthouse';
import { measurePaint } from './lib/observed-paint';
import { outsideABTable, runOutsideAB } from './lib/outside-recipe';
import { serveBothWays } from './lib/plain-host';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about-me,/privacy').split(',');
const RECIPES = ['outside', 'project', 'both'] as const;
const RECIPE = (process.env.BENCH_RECIPE ?? 'both') as (typeof RECIPES)[number];
const sites = process.argv.slice(2).map((dir) => resolve(dir));
if (sites.length !== 2 || !RECIPES.includes(RECIPE)) {
  console.error(
    `usage: [BENCH_RECIPE=${RECIPES.join('|')}] npm run bench:ab -- <built-site-a> <built-site-b>`,
  );
  process.exit(1);
}

async function main() {
  console.log(`Measured ${new Date().toISOString().slice(0, 10)} on ${benchMachine()}.`);
  console.log(`A = ${sites[0]}\nB = ${sites[1]}\n`);
  if (RECIPE !== 'project') await outsideRecipe();
  if (RECIPE !== 'outside') await projectRecipe();
}

/** Both sites from the outside hosts (ports 4500 to 4503), B paired with A load by load. */
async function outsideRecipe() {
  const results = await runOutsideAB({
    sites: [sites[0]!, sites[1]!],
    paths: PATHS,
    runs: RUNS,
    port: 4500,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  console.log(`\n${outsideABTable(results, RUNS)}\n`);
}

/** Both sites from the local stack (ports 4490 to 4493), with the site's headers and plain. */
async function projectRecipe() {
  const data = await mkdtemp(join(tmpdir(), 'bench-ab-'));
  const servers: Awaited<ReturnType<typeof serveBothWays>>[] = [];
  try {
    for (const [i, site] of sites.entries())
      servers.push(await serveBothWays(site, join(data, String(i)), 4490 + 2 * i));
    // A page from the site's host, and from the plain one.
    const bothWays = (label: string, server: (typeof servers)[number], path: string) => [
      { label, url: `${server.origin}${path}`, plain: false },
      { label: `${label}, plain host`, url: `${server.plainOrigin}${path}`, plain: true },
    ];
    const floors = bothWays('floor', servers[0]!, FLOOR_PATH);
    const targets = [
      ...floors,
      ...servers.flatMap((server, i) =>
        PATHS.flatMap((path) => bothWays(`${'AB'[i]} ${path}`, server, path)),
      ),
    ];
    const runs = await measureInterleaved(targets, RUNS, (target, run) => {
      process.stdout.write(`${target.label} run ${run + 1}/${RUNS}\n`);
      return runLighthouse(target.url);
    });
    // The same targets loaded for real with the mobile profile applied (observed, not simulated).
    const browser = await launchChromium();
    const observed = await measureInterleaved(targets, RUNS, (target, run) => {
      process.stdout.write(`observed ${target.label} run ${run + 1}/${RUNS}\n`);
      return measurePaint(browser, target.url);
    }).finally(() => browser.close());
    const figures = new Map(
      targets.map((target) => [
        target,
        {
          ...medians(runs.get(target)!, ['fcp', 'lcp', 'tbt', 'cls']),
          ...medians(observed.get(target)!, ['lcpMs']),
        },
      ]),
    );
    console.log(`\nThe project's recipe:\n`);
    console.log(
      tableHead(
        `| page (median of ${RUNS}) | FCP | LCP | LCP / floor | LCP in the first paint | TBT | TBT − floor | CLS | observed LCP | observed LCP / floor |`,
      ),
    );
    for (const target of targets) {
      const r = runs.get(target)!;
      const f = figures.get(target)!;
      // Each target against the floor served its way.
      const floor = figures.get(floors.find((f) => f.plain === target.plain)!)!;
      const tbt = Math.round(f.tbt);
      console.log(
        `| ${target.label} | ${Math.round(f.fcp)} ms | ${Math.round(f.lcp)} ms | ${(f.lcp / floor.lcp).toFixed(2)} | ${r.filter((x) => x.lcpInFirstPaint).length}/${r.length} | ${tbt} ms | ${tbt - Math.round(floor.tbt)} ms | ${f.cls.toFixed(3)} | ${Math.round(f.lcpMs)} ms | ${(f.lcpMs / floor.lcpMs).toFixed(2)} |`,
      );
    }
  } finally {
    for (const server of servers) await server.close();
    await rm(data, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
