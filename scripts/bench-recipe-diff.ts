/**
 * `npm run bench:recipe-diff -- <built-site>`: why the project's bench and the outside harness
 * disagree (issue 47). Serves one build from the outside harness's plain Node host (127.0.0.1,
 * scripts/lib/outside-host.ts, also serving the project's floor) and from the project's hosts
 * (scripts/lib/plain-host.ts, on `localhost`), then measures variants of the outside recipe that
 * each change one thing toward the project's (the Chromium flags, the host's name, the floor, the
 * server) and the project's recipe itself, every target interleaved run by run with Lighthouse,
 * and prints each variant's floor, pages and ratios. A target two variants share is measured once.
 * No `_headers` anywhere unless BENCH_DIFF_HEADERS=1 (then the hosts that apply them), BENCH_RUNS
 * (3), BENCH_PATHS (`/,/about-me`), BENCH_PORT (5400: this and the next three ports). With
 * BENCH_DIFF_OBSERVED=1 it also loads the outside recipe's floor, the project's floor and the
 * pages for real with the mobile profile applied (scripts/lib/observed-paint.ts), interleaved:
 * what a visitor's browser paints, for telling which simulated figure is right.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, OUTSIDE_CHROME_FLAGS } from './lib/chromium';
import { FLOOR_PATH, floorHtml } from './lib/floor-page';
import { measureInterleaved, medians, tableHead } from './lib/interleave';
import { PROJECT_CHROME_FLAGS, runLighthouse, type LighthouseFigures } from './lib/lighthouse';
import { measurePaint } from './lib/observed-paint';
import { OUTSIDE_FLOOR_PATH, serveOutsideHost } from './lib/outside-host';
import { summarise } from './lib/outside-recipe';
import { serveBothWays } from './lib/plain-host';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PATHS = (process.env.BENCH_PATHS ?? '/,/about-me').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 5400);
const HEADERS = process.env.BENCH_DIFF_HEADERS === '1';
const OBSERVED = process.env.BENCH_DIFF_OBSERVED === '1';
const site = process.argv[2] ? resolve(process.argv[2]) : null;
if (!site) {
  console.error('usage: npm run bench:recipe-diff -- <built-site>');
  process.exit(1);
}

interface Variant {
  label: string;
  /** Where the pages are, and the floor's full URL. */
  origin: string;
  floor: string;
  flags: 'outside' | 'project';
}

const FLAGS = { outside: OUTSIDE_CHROME_FLAGS, project: PROJECT_CHROME_FLAGS };

async function main() {
  const data = await mkdtemp(join(tmpdir(), 'bench-recipe-diff-'));
  // The project's floor beside the outside one; on a host with `_headers` its inline style has
  // no hash in the CSP and goes unapplied, so there it is measured only without.
  const outsideHost = await serveOutsideHost(site!, {
    port: PORT,
    headersFile: HEADERS,
    extraPages: { [FLOOR_PATH]: floorHtml() },
  });
  const project = await serveBothWays(site!, data, PORT + 2);
  try {
    const outside = outsideHost.origin;
    const outsideByName = outside.replace('127.0.0.1', 'localhost');
    // The project's hosts: the local stack (with `_headers`) or its plain host.
    const projectOrigin = HEADERS ? project.origin : project.plainOrigin;
    const variants: Variant[] = [
      {
        label: 'outside recipe',
        origin: outside,
        floor: `${outside}${OUTSIDE_FLOOR_PATH}`,
        flags: 'outside',
      },
      {
        label: "outside, the project's Chromium flags",
        origin: outside,
        floor: `${outside}${OUTSIDE_FLOOR_PATH}`,
        flags: 'project',
      },
      {
        label: 'outside, `localhost` for 127.0.0.1',
        origin: outsideByName,
        floor: `${outsideByName}${OUTSIDE_FLOOR_PATH}`,
        flags: 'outside',
      },
      ...(HEADERS
        ? []
        : [
            {
              label: "outside, the project's floor (styled) on the same host",
              origin: outside,
              floor: `${outside}${FLOOR_PATH}`,
              flags: 'outside' as const,
            },
          ]),
      {
        label: "the project's server on 127.0.0.1, its floor, outside flags",
        origin: projectOrigin.replace('localhost', '127.0.0.1'),
        floor: `${projectOrigin.replace('localhost', '127.0.0.1')}${FLOOR_PATH}`,
        flags: 'outside',
      },
      {
        label: 'project recipe (its server on `localhost`, its floor, its flags)',
        origin: projectOrigin,
        floor: `${projectOrigin}${FLOOR_PATH}`,
        flags: 'project',
      },
    ];
    const key = (url: string, flags: Variant['flags']) => `${flags} ${url}`;
    const targets = [
      ...new Set(
        variants.flatMap((v) => [
          key(v.floor, v.flags),
          ...PATHS.map((path) => key(`${v.origin}${path}`, v.flags)),
        ]),
      ),
    ];
    const runs = await measureInterleaved(targets, RUNS, (target, run) => {
      process.stdout.write(`${target} run ${run + 1}/${RUNS}\n`);
      const [flags, url] = target.split(' ') as [Variant['flags'], string];
      return runLighthouse(url, { chromeFlags: FLAGS[flags] });
    });
    const figures = (url: string, flags: Variant['flags']) =>
      summarise(runs.get(key(url, flags)) as LighthouseFigures[]);
    console.log(
      `\n${site}, ${HEADERS ? 'hosts applying `_headers`' : 'no `_headers`'}, median of ${RUNS}\n`,
    );
    console.log(
      tableHead(
        `| variant | floor FCP | floor LCP | ${PATHS.map((p) => `\`${p}\` FCP | \`${p}\` LCP | **\`${p}\` LCP / floor** | \`${p}\` TBT − floor | \`${p}\` runs with a request in the LCP graph`).join(' | ')} |`,
      ),
    );
    for (const v of variants) {
      const floor = figures(v.floor, v.flags);
      const cells = PATHS.map((path) => {
        const page = figures(`${v.origin}${path}`, v.flags);
        return `${page.fcpMs} ms | ${page.lcpMs} ms | **${(page.lcpMs / floor.lcpMs).toFixed(2)}** | ${page.tbtMs - floor.tbtMs} ms | ${page.loadsBeforeLcp}`;
      });
      console.log(`| ${v.label} | ${floor.fcpMs} ms | ${floor.lcpMs} ms | ${cells.join(' | ')} |`);
    }
    if (OBSERVED) await observed(variants[0]!, variants.at(-1)!);
  } finally {
    await outsideHost.close();
    await project.close();
    await rm(data, { recursive: true, force: true });
  }
}

/**
 * Real loads with the mobile profile applied, interleaved: the outside recipe's floor and pages,
 * and the project's floor and pages, each page against each floor.
 */
async function observed(outside: Variant, project: Variant) {
  const targets = [
    outside.floor,
    ...PATHS.map((path) => `${outside.origin}${path}`),
    project.floor,
    ...PATHS.map((path) => `${project.origin}${path}`),
  ];
  const browser = await launchChromium();
  try {
    const runs = await measureInterleaved(targets, RUNS, (url, run) => {
      process.stdout.write(`observed ${url} run ${run + 1}/${RUNS}\n`);
      return measurePaint(browser, url);
    });
    const lcp = (url: string) => medians(runs.get(url)!, ['fcpMs', 'lcpMs']).lcpMs;
    console.log(
      `\n${tableHead('| observed, mobile profile applied (median of ' + RUNS + ') | LCP | LCP / outside floor | LCP / project floor |')}`,
    );
    const rows: [string, string][] = [
      ['outside floor', outside.floor],
      ['project floor', project.floor],
      ...PATHS.flatMap((path) => [
        [`\`${path}\`, outside host`, `${outside.origin}${path}`] as [string, string],
        [`\`${path}\`, project host`, `${project.origin}${path}`] as [string, string],
      ]),
    ];
    for (const [label, url] of rows) {
      console.log(
        `| ${label} | ${lcp(url)} ms | ${(lcp(url) / lcp(outside.floor)).toFixed(2)} | ${(lcp(url) / lcp(project.floor)).toFixed(2)} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
