/**
 * `npm run bench:ab -- <site-a> <site-b>`: two built sites (`tsx scripts/build.ts --out <dir>`
 * with the same VITE_ values) served side by side by the local stack, each with the floor page
 * (scripts/lib/floor-page.ts), and measured by Lighthouse interleaved run by run (floor, then
 * each page of A, then of B), so both meet the same machine. Prints each page's median FCP, LCP
 * and TBT and its LCP as a ratio to the floor, then loads each for real with the mobile profile
 * applied (scripts/lib/observed-paint.ts) and prints the observed LCP and its ratio too. Both
 * ways: with the site's headers (the local stack) and from a plain static host that ignores
 * `_headers`, each page against the floor served the same way, with its TBT minus the floor's.
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
import { servePlainHost } from './lib/plain-host';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about-me,/privacy').split(',');
const sites = process.argv.slice(2).map((dir) => resolve(dir));
if (sites.length !== 2) {
  console.error('usage: npm run bench:ab -- <built-site-a> <built-site-b>');
  process.exit(1);
}

async function main() {
  const data = await mkdtemp(join(tmpdir(), 'bench-ab-'));
  const servers: { origin: string; plainOrigin: string; close: () => Promise<void> }[] = [];
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
      // The same build from a plain static host (no _headers), with the floor served the same way.
      const plainHost = await servePlainHost(site, 4492 + i);
      servers.push({
        origin,
        plainOrigin: plainHost.origin,
        close: async () => {
          server.close();
          await plainHost.close();
          await stack.close();
        },
      });
    }
    const floorTarget = { label: 'floor', url: `${servers[0]!.origin}${FLOOR_PATH}`, plain: false };
    const plainFloorTarget = {
      label: 'floor, plain host',
      url: `${servers[0]!.plainOrigin}${FLOOR_PATH}`,
      plain: true,
    };
    const targets = [
      floorTarget,
      plainFloorTarget,
      ...servers.flatMap((server, i) =>
        PATHS.flatMap((path) => [
          { label: `${'AB'[i]} ${path}`, url: `${server.origin}${path}`, plain: false },
          {
            label: `${'AB'[i]} ${path}, plain host`,
            url: `${server.plainOrigin}${path}`,
            plain: true,
          },
        ]),
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
    // Each target against the floor served its way.
    const floorOf = (target: (typeof targets)[number]) =>
      target.plain ? plainFloorTarget : floorTarget;
    const lcpOf = (target: (typeof targets)[number]) => median(runs.get(target)!.map((r) => r.lcp));
    const tbtOf = (target: (typeof targets)[number]) =>
      Math.round(median(runs.get(target)!.map((r) => r.tbt)));
    const seenOf = (target: (typeof targets)[number]) =>
      median(observed.get(target)!.map((r) => r.lcpMs));
    console.log(`\nA = ${sites[0]}\nB = ${sites[1]}\n`);
    console.log(
      `| page (median of ${RUNS}) | FCP | LCP | LCP / floor | LCP in the first paint | TBT | TBT − floor | CLS | observed LCP | observed LCP / floor |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const target of targets) {
      const r = runs.get(target)!;
      const floor = floorOf(target);
      console.log(
        `| ${target.label} | ${Math.round(median(r.map((x) => x.fcp)))} ms | ${Math.round(lcpOf(target))} ms | ${(lcpOf(target) / lcpOf(floor)).toFixed(2)} | ${r.filter((x) => x.lcpInFirstPaint).length}/${r.length} | ${tbtOf(target)} ms | ${tbtOf(target) - tbtOf(floor)} ms | ${median(r.map((x) => x.cls)).toFixed(3)} | ${Math.round(seenOf(target))} ms | ${(seenOf(target) / seenOf(floor)).toFixed(2)} |`,
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
