// `npm run build` and `npm run build:local`: the site in dist/, every route prerendered.
import { cp, mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type BuildEnvironmentOptions } from 'vite';
import {
  CONFIG_VARIABLES,
  ConfigError,
  LOCAL_VITE_MODE,
  type SiteConfig,
} from '../src/lib/config-schema';
import type * as ServerEntry from '../src/app/entry-server';
import { INDEXABLE_ROUTES, ROUTES } from '../src/app/routes';
import type { HeaderRule } from '../server/cdn/headers-file';
import {
  cspHash,
  headerRules,
  inlineScripts,
  netlifyRedirects,
  inlineStyles,
  renderHeadersFile,
  vercelOutputConfig,
} from './lib/security-headers';
import { criticalCss } from './lib/critical-css';
import { bookingStyleHashes } from './lib/booking-styles';
import { appFilesAttribute, appLoaderScript, earlyCaptureScript } from './lib/inline-script';
import { buildEnvironment, findSecrets, secretEnvironmentValues } from './lib/secret-scan';
import { localOrigin } from '../server/local-config';
import { trades } from '../src/content/trades/index';
import { describeLocalOverrides, resolveSiteConfig } from './lib/site-config';
import { siteProblems } from '../supabase/functions/_shared/contracts/site';
import { site } from '../site.config';
import { profileWarningBlock } from './lib/profile-risk';
import { brandColourProblems, brandPaletteNote } from './lib/brand-palette';

const APP_HEAD = '<!--app-head-->';
const CRITICAL_CSS = '<!--critical-css-->';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the project, as the bundle imports node_modules; per process, so two builds do not clash.
const ssrDir = join(root, '.ssr', String(process.pid));

/** The template's first link becomes the critical CSS's place; the loader adds the sheets. */
async function takeStylesheets(distDir: string) {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const hrefs: string[] = [];
  const css: string[] = [];
  let result = html;
  for (const [link, href] of html.matchAll(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  )) {
    hrefs.push(href!);
    css.push((await readFile(join(distDir, href!), 'utf8')).trim());
    result = result.replace(link, () => (hrefs.length === 1 ? CRITICAL_CSS : ''));
  }
  return { html: result, hrefs, css: css.join('\n') };
}

/**
 * The inline loader adds the entry, its imports and the stylesheets after the first paint, so the
 * head names nothing fetched before it; the early-press capture listens first in <head>.
 */
export async function placeInlineScripts(html: string, stylesheets: string[], imports: string[]) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('The built index.html has no entry module script.');
  if (!html.includes(APP_HEAD)) throw new Error(`The built index.html has no ${APP_HEAD}.`);
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)];
  const [loader, capture] = await Promise.all([appLoaderScript(), earlyCaptureScript()]);
  const files = appFilesAttribute({
    module: entry[1]!,
    imports: [...new Set([...preloads.map((match) => match[1]!), ...imports])],
    stylesheets,
  });
  let result = html;
  for (const [link] of preloads) result = result.replace(link, '');
  return result
    .replace(entry[0], () => `<script ${files}>${loader}</script>`)
    .replace(APP_HEAD, () => `<script>${capture}</script>${APP_HEAD}`);
}

type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** A trade page's words chunk and its imports, preloaded with the entry so hydration waits less. */
function pageModules(manifest: BuildManifest, path: string): string[] {
  const trade = trades.find((entry) => entry.path === path);
  if (!trade) return [];
  const source = `src/content/trades/${trade.slug}.ts`;
  if (!manifest[source]) throw new Error(`The build has no chunk for ${source}.`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}

function readConfig(viteMode: string): SiteConfig {
  try {
    const overridden: string[] = [];
    const config = resolveSiteConfig(viteMode, root, process.env, (name) => overridden.push(name));
    for (const line of describeLocalOverrides(overridden, localOrigin())) console.log(line);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\nThe build needs these variables fixed (see README, "Configuration"):`);
    for (const problem of error.problems) console.error(`  - ${problem}`);
    console.error('');
    process.exit(1);
  }
}

/** Writes every page with the CSS its markup uses inline; returns the inline elements' hashes. */
async function prerender(server: typeof ServerEntry, config: SiteConfig, distDir: string) {
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as BuildManifest;
  const styles = await takeStylesheets(distDir);
  const scripts = new Set<string>();
  const inline = new Set<string>();
  for (const route of ROUTES) {
    const { html, head } = await server.render(route.path, config.siteUrl);
    const imports = pageModules(manifest, route.path);
    const markup = (await placeInlineScripts(styles.html, styles.hrefs, imports))
      .replace(APP_HEAD, head)
      .replace('<!--app-html-->', html);
    const css = styles.css ? await criticalCss(markup, styles.css) : '';
    const page = markup.replace(CRITICAL_CSS, () => (css ? `<style>${css}</style>` : ''));
    for (const script of inlineScripts(page)) scripts.add(cspHash(script));
    for (const style of inlineStyles(page)) inline.add(cspHash(style));
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
  }
  // Book a time's embed writes inline styles of its own when opened.
  for (const hash of bookingStyleHashes(config.booking)) inline.add(hash);
  return { scripts: [...scripts].sort(), styles: [...inline].sort() };
}

/** Vite copies public/ whole: a trade site.config.ts leaves out ships no call sample. */
async function dropUnlistedSamples(distDir: string) {
  const slugs = new Set(site.trades.map((trade) => trade.slug));
  const samples = join(distDir, 'samples');
  const files = await readdir(samples).catch(() => []);
  for (const file of files) {
    if (!slugs.has(file.replace(/\.[^.]+$/, ''))) await rm(join(samples, file));
  }
}

/** A finding empties the output, so no deploy step can upload it. */
async function refuseSecrets(config: SiteConfig, distDir: string, viteMode: string) {
  const findings = await findSecrets(
    distDir,
    secretEnvironmentValues(buildEnvironment(viteMode, root), CONFIG_VARIABLES),
    [config.supabaseAnonKey, config.vapi?.publicKey ?? ''].filter(Boolean),
  );
  if (findings.length === 0) return;
  await rm(distDir, { recursive: true, force: true });
  console.error('\nThe build stopped: the built site would ship something secret.');
  for (const finding of findings) console.error(`  - ${finding}`);
  console.error(
    '\nEvery VITE_ value ships to every visitor. Keep service-role keys, sb_secret_ keys and the Vapi private key out of them and out of the code.\n',
  );
  process.exit(1);
}

/** Vercel's Build Output API, so nothing host-specific is kept in the repository. */
async function writeVercelOutput(config: SiteConfig, distDir: string, rules: HeaderRule[]) {
  const output = resolve(root, process.env.VERCEL_OUTPUT_DIR ?? join('.vercel', 'output'));
  await rm(output, { recursive: true, force: true });
  await cp(distDir, join(output, 'static'), {
    recursive: true,
    filter: (source) => !source.endsWith(`${sep}_headers`),
  });
  await writeFile(
    join(output, 'config.json'),
    JSON.stringify(vercelOutputConfig(config, rules), null, 2) + '\n',
  );
  console.log(`Wrote Vercel's Build Output (${relative(root, output)}/)`);
}

async function main() {
  const { values: args } = parseArgs({
    options: { mode: { type: 'string', default: 'production' }, out: { type: 'string' } },
  });
  if (args.mode !== 'production' && args.mode !== 'local')
    throw new Error(`Unknown --mode "${args.mode}": use "production" or "local".`);
  const viteMode = args.mode === 'local' ? LOCAL_VITE_MODE : 'production';
  const distDir = resolve(root, args.out ?? 'dist');
  const config = readConfig(viteMode);
  const siteProblemsFound = siteProblems(site);
  // Its shades pass the contrast check, or the build stops here, before any bundling.
  if (siteProblemsFound.length === 0)
    siteProblemsFound.push(...brandColourProblems(site.colors.brand));
  if (siteProblemsFound.length > 0) {
    console.error('\nsite.config.ts needs these fixed:');
    for (const problem of siteProblemsFound) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`Building the site (${args.mode} mode) for ${config.siteUrl}`);
  const paletteNote = brandPaletteNote(site.colors.brand);
  if (paletteNote) console.log(paletteNote);
  if (!config.turnstile)
    console.log(
      'Call my phone is not offered: set VITE_TURNSTILE_SITE_KEY, and deploy the functions with their secrets (docs/deploy.md, "The server step").',
    );

  const viteBuild = (options: BuildEnvironmentOptions) =>
    build({ root, mode: viteMode, logLevel: 'warn', build: options });
  await viteBuild({ outDir: distDir, emptyOutDir: true, manifest: true });
  await dropUnlistedSamples(distDir);
  await viteBuild({
    ssr: 'src/app/entry-server.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  });
  const server = (await import(
    pathToFileURL(join(ssrDir, 'entry-server.js')).href
  )) as typeof ServerEntry;
  const rules = headerRules(config, await prerender(server, config, distDir));

  const { siteUrl } = config;
  const sitemap = INDEXABLE_ROUTES.map(
    (route) => `  <url><loc>${siteUrl}${route.path}</loc></url>`,
  );
  const redirects = netlifyRedirects(config);
  await Promise.all([
    writeFile(
      join(distDir, 'robots.txt'),
      `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    ),
    writeFile(
      join(distDir, 'sitemap.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemap.join('\n')}\n</urlset>\n`,
    ),
    writeFile(join(distDir, '_headers'), renderHeadersFile(rules)),
    redirects && writeFile(join(distDir, '_redirects'), redirects),
    rm(join(distDir, '.vite'), { recursive: true, force: true }),
    rm(ssrDir, { recursive: true, force: true }),
  ]);
  await rmdir(dirname(ssrDir)).catch(() => undefined); // gone once no other build is running

  await refuseSecrets(config, distDir, viteMode);
  if (process.env.VERCEL === '1') await writeVercelOutput(config, distDir, rules);
  const pageFiles = ROUTES.map((route) => route.file).join(', ');
  console.log(`Prerendered ${pageFiles} into ${relative(root, distDir) || '.'}/`);
  // Last, so the owner sees it.
  for (const line of profileWarningBlock(config)) console.warn(line);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
