/**
 * `npm run bench:ab -- <site-a> <site-b>`: two built sites (`tsx scripts/build.ts --out <dir>`
 * with the same VITE_ values) served side by side by the local stack, each with the floor page
 * (scripts/lib/floor-page.ts), and measured by Lighthouse interleaved run by run (floor, then
 * each page of A, then of B), so both meet the same machine. Prints each page's median FCP, LCP
 * and TBT and its LCP as a ratio to the floor, then loads each for real with the mobile profile
 * applied (scripts/lib/observed-paint.ts) and prints the observed LCP and its ratio too.
 * BENCH_RUNS (5) sets the runs, BENCH_PATHS the pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createLocalStack } from '../server/app';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { FLOOR_PATH, serveFloorBeside } from './lib/floor-page';
import { measureInterleaved, median } from './lib/interleave';
import { launchChromium } from './lib/interactive-timing';
import { runLighthouse } from './lib/lighthouse';
import { measurePaint } from './lib/observed-paint';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about-me,/privacy').split(',');
const sites = process.argv.slice(2).map((dir) => resolve(dir));
if (sites.length !== 2) {
  console.error('usage: npm run bench:ab -- <built-site-a> <built-site-b>');
  process.exit(1);
}

async function main() {
  const data = await mkdtemp(join(tmpdir(), 'bench-ab-'));
  const servers: { origin: string; close: () => Promise<void> }[] = [];
  try {
    for (const [i, site] of sites.entries()) {
      const stack = await createLocalStack({
        distDir: site,
        dataDir: join(data, String(i)),
        anonKey: LOCAL_ANON_KEY_DEFAULT,
        log: () => undefined,
      });
      const port = 4490 + i;
      const app = new Hono();
      const origin = `http://localhost:${port}`;
      app.get(FLOOR_PATH, await serveFloorBeside((request) => stack.app.fetch(request), origin));
      app.all('*', (c) => stack.app.fetch(c.req.raw, c.env));
      const server = serve({ fetch: app.fetch, port, hostname: 'localhost' });
      servers.push({
        origin,
        close: async () => {
          server.close();
          await stack.close();
        },
      });
    }
    const targets = [
      { label: 'floor', url: `${servers[0]!.origin}${FLOOR_PATH}` },
      ...servers.flatMap((server, i) =>
        PATHS.map((path) => ({ label: `${'AB'[i]} ${path}`, url: `${server.origin}${path}` })),
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
    const floor = median(runs.get(targets[0]!)!.map((r) => r.lcp));
    const observedFloor = median(observed.get(targets[0]!)!.map((r) => r.lcpMs));
    console.log(`\nA = ${sites[0]}\nB = ${sites[1]}\n`);
    console.log(
      `| page (median of ${RUNS}) | FCP | LCP | LCP / floor | LCP in the first paint | TBT | CLS | observed LCP | observed LCP / floor |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const target of targets) {
      const r = runs.get(target)!;
      const lcp = median(r.map((x) => x.lcp));
      const seen = median(observed.get(target)!.map((x) => x.lcpMs));
      console.log(
        `| ${target.label} | ${Math.round(median(r.map((x) => x.fcp)))} ms | ${Math.round(lcp)} ms | ${(lcp / floor).toFixed(2)} | ${r.filter((x) => x.lcpInFirstPaint).length}/${r.length} | ${Math.round(median(r.map((x) => x.tbt)))} ms | ${median(r.map((x) => x.cls)).toFixed(3)} | ${Math.round(seen)} ms | ${(seen / observedFloor).toFixed(2)} |`,
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
