/**
 * `npm run bench`: builds the production site, prints each page's first-load weight, and runs
 * Lighthouse (mobile) on each page, on a plain host and one with the site's headers, beside a
 * floor page (the headline alone). Runs interleave, so a slow minute falls on all pages alike;
 * ratios to the floor compare across machines where milliseconds do not.
 *
 * Environment: BENCH_RUNS (5), BENCH_PORT (4480, and the next), BENCH_SITE=<dir> (a site already
 * built, `tsx scripts/build.ts --out <dir>`), BENCH_PATHS=/,/about-me.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDEXABLE_ROUTES } from '../src/app/routes';
import { hero } from '../src/content/hero';
import { localDefaults } from '../src/lib/config-schema';
import { serveSite } from '../server/cdn/static-site';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { appFilesOf } from './lib/inline-script';
import { firstLoad, sizesOf } from './lib/bundle-report';
import { CHROMIUM_PATH } from './lib/chromium';
import { runLighthouse, type LighthouseFigures } from './lib/lighthouse';
import { runBuild } from './lib/own-stack';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = resolve(process.env.BENCH_SITE ?? join(root, '.bench', 'site'));
const PORT = Number(process.env.BENCH_PORT ?? 4480);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_PATHS?.split(',').filter(Boolean);
const ROUTES = INDEXABLE_ROUTES.filter((route) => !ONLY || ONLY.includes(route.path));
const FLOOR = '/__bench/floor/';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
<meta name="description" content="The headline alone, unstyled: the floor the bench compares pages with.">
<link rel="icon" href="data:,">
</head>
<body><h1>${escapeText(hero.headline)}</h1></body>
</html>
`;

/** The default profile pointing at this machine; a production build refuses testing site keys. */
function build() {
  const env = {
    ...process.env,
    ...localDefaults(`http://localhost:${PORT}`, LOCAL_ANON_KEY_DEFAULT),
    VITE_CONTACT_WEBHOOK_URL: '',
    VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAABenchSiteKey',
  };
  const result = runBuild(['--out', siteDir], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The production build failed.');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function sizes(): Promise<string[]> {
  const lines = [
    '| page | HTML brotli | first-load JS gzip | JS brotli | inline CSS gzip | stylesheet after the first paint, gzip |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const route of ROUTES) {
    const html = await readFile(join(siteDir, route.file));
    const load = await firstLoad(siteDir, route.file);
    const sheets = appFilesOf(html.toString())?.stylesheets ?? [];
    let late = 0;
    for (const sheet of sheets) late += sizesOf(await readFile(join(siteDir, sheet))).gzip;
    lines.push(
      `| \`${route.path}\` | ${kib(sizesOf(html).brotli)} | ${kib(load.js.gzip)} | ${kib(load.js.brotli)} | ${kib(load.css.gzip)} | ${kib(late)} |`,
    );
  }
  return lines;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

async function measure(): Promise<string[]> {
  const pages = { [FLOOR]: FLOOR_HTML };
  const hosts = {
    plain: await serveSite(siteDir, { port: PORT, headersFile: false, pages }),
    headers: await serveSite(siteDir, { port: PORT + 1, pages }),
  };
  const paths = [FLOOR, ...ROUTES.map((route) => route.path)];
  const runs: Record<string, LighthouseFigures[]> = {};
  try {
    for (let run = 1; run <= RUNS; run += 1)
      for (const [name, host] of Object.entries(hosts))
        for (const path of paths) {
          console.log(`Lighthouse ${name} ${path} run ${run}/${RUNS}...`);
          const figures = await runLighthouse(`${host.origin}${path}`, { chromeFlags });
          if (figures.runtimeError)
            console.warn(`  left out of the median: ${figures.runtimeError}`);
          (runs[`${name} ${path}`] ??= []).push(figures);
        }
  } finally {
    await Promise.all(Object.values(hosts).map((host) => host.close()));
  }
  const of = (key: string, metric: 'lcp' | 'tbt') =>
    Math.round(median(runs[key]!.map((figures) => figures[metric])));
  const lines = [
    `| page (Lighthouse mobile, median of ${RUNS}) | host | performance | LCP | **LCP / floor** | TBT | TBT − floor |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const name of Object.keys(hosts)) {
    const floor = `${name} ${FLOOR}`;
    for (const path of paths) {
      const key = `${name} ${path}`;
      const score = median(runs[key]!.map((figures) => figures.scores.performance));
      lines.push(
        `| ${path === FLOOR ? 'the floor' : `\`${path}\``} | ${name === 'plain' ? 'plain' : "the site's headers"} | ${Math.round(score * 100)} | ${of(key, 'lcp')} ms | **${(of(key, 'lcp') / of(floor, 'lcp')).toFixed(2)}** | ${of(key, 'tbt')} ms | ${of(key, 'tbt') - of(floor, 'tbt')} ms |`,
      );
    }
  }
  return lines;
}

async function main() {
  if (!process.env.BENCH_SITE) {
    await rm(join(root, '.bench'), { recursive: true, force: true });
    build();
  }
  const weights = await sizes();
  const timings = await measure();
  // (Debian's wrapper may print other lines first.)
  const version = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: 'pipe' });
  const browser = version.trim().split('\n').at(-1);
  console.log(
    `\nMeasured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, Node ${process.version}, ${browser}.\n`,
  );
  console.log([...weights, '', ...timings].join('\n'));
  if (!process.env.BENCH_SITE) await rm(join(root, '.bench'), { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
