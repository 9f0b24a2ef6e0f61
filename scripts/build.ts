/**
 * `npm run build` (production) and `npm run build:local` (the local stack).
 * Validates the configuration, builds the client and a server bundle, prerenders every route
 * to static HTML, and writes robots.txt, sitemap.xml and _headers (and, on Vercel, its Build
 * Output API in .vercel/output).
 */
import { cp, mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildEnvironmentOptions } from 'vite';
import {
  CONFIG_VARIABLES,
  ConfigError,
  LOCAL_VITE_MODE,
  type SiteConfig,
} from '../src/lib/config-schema';
import type * as ServerEntryModule from '../src/app/entry-server';
import {
  cspHash,
  funnelProxy,
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
import { findSecrets, secretEnvironmentValues } from './lib/secret-scan';
import { localOrigin } from '../server/local-config';
import { trades } from '../src/content/trades/index';
import { describeLocalOverrides, resolveSiteConfig } from './lib/site-config';
import { profileWarningBlock } from './lib/profile-risk';

type ServerEntry = typeof ServerEntryModule;

/** Where index.html takes each page's head tags. */
const APP_HEAD = '<!--app-head-->';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The server bundle for prerendering lives inside the project (it imports node_modules), one
// folder per build process so that two builds at once do not clash.
const ssrDir = join(root, '.ssr', String(process.pid));

type Mode = SiteConfig['mode'];

function argValue(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

function modeFromArgs(argv: string[]): Mode {
  const mode = argValue(argv, '--mode') ?? 'production';
  if (mode !== 'production' && mode !== 'local') {
    throw new Error(`Unknown --mode "${mode}": use "production" or "local".`);
  }
  return mode;
}

const viteMode = (mode: Mode) => (mode === 'local' ? LOCAL_VITE_MODE : 'production');

/** Where a page's critical CSS goes (in place of the stylesheet link Vite wrote). */
const CRITICAL_CSS = '<!--critical-css-->';

/**
 * Takes the same-origin stylesheet links out of the template (the first becomes the place of the
 * page's critical CSS) and returns their addresses and text: each page inlines what its markup
 * uses of that text, and its loader adds the whole sheets after the first paint.
 */
async function takeStylesheets(
  html: string,
  distDir: string,
): Promise<{ html: string; hrefs: string[]; css: string }> {
  const hrefs: string[] = [];
  const css: string[] = [];
  let result = html;
  for (const match of html.matchAll(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  )) {
    hrefs.push(match[1]!);
    css.push((await readFile(join(distDir, match[1]!), 'utf8')).trim());
    result = result.replace(match[0], () => (hrefs.length === 1 ? CRITICAL_CSS : ''));
  }
  return { html: result, hrefs, css: css.join('\n') };
}

/**
 * Replaces the entry's module script with the inline loader (src/inline/app-loader.ts) that adds
 * it, the modules it imports (Vite's `modulepreload` links, taken out of the head) and the site's
 * stylesheet once the page has painted (and the page's own modules, `pageImports`: a trade page's
 * words); puts the early-press capture (src/inline/early-capture.ts)
 * first in <head>, so it listens before any control is on screen. The served head then names
 * nothing the browser would fetch before the first paint.
 */
export async function placeInlineScripts(
  html: string,
  stylesheets: readonly string[] = [],
  pageImports: readonly string[] = [],
): Promise<string> {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('The built index.html has no entry module script.');
  if (!html.includes(APP_HEAD)) throw new Error(`The built index.html has no ${APP_HEAD}.`);
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)];
  const [loader, capture] = await Promise.all([appLoaderScript(), earlyCaptureScript()]);
  const files = appFilesAttribute({
    module: entry[1]!,
    imports: [...new Set([...preloads.map((match) => match[1]!), ...pageImports])],
    stylesheets,
  });
  let result = html;
  for (const [link] of preloads) result = result.replace(link, '');
  return result
    .replace(entry[0], () => `<script ${files}>${loader}</script>`)
    .replace(APP_HEAD, () => `<script>${capture}</script>${APP_HEAD}`);
}

/** Vite's build manifest (dist/.vite/manifest.json): each source module's chunk. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The modules a page needs beside the app's entry to hydrate: a trade's page, the chunk of its
 * words (src/content/trades/<slug>.ts) and what that chunk imports. The page's loader preloads
 * them with the entry, so hydration waits for no request made after the entry's.
 */
export function pageModules(manifest: BuildManifest, path: string): string[] {
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

function sitemap(config: SiteConfig, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${config.siteUrl}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
}

async function main() {
  const argv = process.argv.slice(2);
  const mode = modeFromArgs(argv);
  const distDir = resolve(root, argValue(argv, '--out') ?? 'dist');
  let config: SiteConfig;
  try {
    const overridden: string[] = [];
    config = resolveSiteConfig(viteMode(mode), root, process.env, (name) => overridden.push(name));
    for (const line of describeLocalOverrides(overridden, localOrigin())) console.log(line);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\nThe build needs these variables fixed (see README, "Configuration"):`);
      for (const problem of error.problems) console.error(`  - ${problem}`);
      console.error('');
      process.exit(1);
    }
    throw error;
  }
  console.log(`Building the site (${mode} mode) for ${config.siteUrl}`);
  if (!config.turnstile) {
    console.log(
      'Call my phone is not offered: set VITE_TURNSTILE_SITE_KEY, and deploy the functions with their secrets (docs/deploy.md, "The server step").',
    );
  }
  const viteBuild = (options: BuildEnvironmentOptions) =>
    build({ root, mode: viteMode(mode), logLevel: 'warn', build: options });
  await viteBuild({ outDir: distDir, emptyOutDir: true, manifest: true });
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as BuildManifest;
  await viteBuild({
    ssr: 'src/app/entry-server.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  });

  const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;

  // Each page carries inline the CSS its own markup uses (scripts/lib/critical-css.ts): no
  // render-blocking request, and less to match before the first paint. The whole stylesheet and
  // the app's script are requested after the first paint, so the prerendered page gets the
  // bandwidth first; every inline rule is in the whole sheet, which comes after it, so its
  // arrival changes nothing the page shows. (CSP allows the inline elements by hash.)
  const styles = await takeStylesheets(
    await readFile(join(distDir, 'index.html'), 'utf8'),
    distDir,
  );
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const route of server.PRERENDERED_ROUTES) {
    const { html, head } = await server.render(route.path, config.siteUrl);
    const imports = pageModules(manifest, route.path);
    const markup = (template: string) =>
      template.replace(APP_HEAD, head).replace('<!--app-html-->', html);
    const css = styles.css
      ? await criticalCss(markup(await placeInlineScripts(styles.html, [], imports)), styles.css)
      : '';
    const page = markup(await placeInlineScripts(styles.html, styles.hrefs, imports)).replace(
      CRITICAL_CSS,
      () => (css ? `<style>${css}</style>` : ''),
    );
    for (const script of inlineScripts(page)) scriptHashes.add(cspHash(script));
    for (const style of inlineStyles(page)) styleHashes.add(cspHash(style));
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
  }
  const indexable = server.PRERENDERED_ROUTES.map((r) => r.path).filter(
    (p) => p !== server.seo.notFound.path,
  );
  // Book a time's embed writes inline styles of its own when opened: allowed by their hashes.
  for (const hash of await bookingStyleHashes(config.booking)) styleHashes.add(hash);
  const rules = headerRules(config, {
    scripts: [...scriptHashes].sort(),
    styles: [...styleHashes].sort(),
  });
  await Promise.all([
    writeFile(join(distDir, 'robots.txt'), robots(config)),
    writeFile(join(distDir, 'sitemap.xml'), sitemap(config, indexable)),
    writeFile(join(distDir, '_headers'), renderHeadersFile(rules)),
    // Netlify's proxy for the funnel, when its endpoint is a path on the site.
    ...[netlifyRedirects(config)].flatMap((redirects) =>
      redirects ? [writeFile(join(distDir, '_redirects'), redirects)] : [],
    ),
    rm(join(distDir, '.vite'), { recursive: true, force: true }),
    rm(ssrDir, { recursive: true, force: true }),
  ]);
  await rmdir(dirname(ssrDir)).catch(() => undefined); // gone once no other build is running

  // Nothing secret may ship. A finding fails the build and empties its output, so no
  // deploy step can upload it.
  const findings = await findSecrets(
    distDir,
    secretEnvironmentValues(process.env, CONFIG_VARIABLES),
    [config.supabaseAnonKey, config.vapi?.publicKey ?? ''].filter(Boolean),
  );
  if (findings.length > 0) {
    await rm(distDir, { recursive: true, force: true });
    console.error('\nThe build stopped: the built site would ship something secret.');
    for (const finding of findings) console.error(`  - ${finding}`);
    console.error(
      '\nEvery VITE_ value ships to every visitor. Keep service-role keys, sb_secret_ keys and the Vapi private key out of them and out of the code.\n',
    );
    process.exit(1);
  }
  // On Vercel (VERCEL=1) the build also writes Vercel's Build Output API: the files and a config
  // holding this build's headers. Nothing host-specific is kept in the repository.
  if (process.env.VERCEL === '1') {
    const output = resolve(root, process.env.VERCEL_OUTPUT_DIR ?? join('.vercel', 'output'));
    await rm(output, { recursive: true, force: true });
    await mkdir(output, { recursive: true });
    await cp(distDir, join(output, 'static'), {
      recursive: true,
      filter: (source) => !source.endsWith(`${sep}_headers`),
    });
    const pageFiles = server.PRERENDERED_ROUTES.map((route) => route.file);
    await writeFile(
      join(output, 'config.json'),
      JSON.stringify(vercelOutputConfig(rules, pageFiles, funnelProxy(config)), null, 2) + '\n',
    );
    console.log(`Wrote Vercel's Build Output (${relative(root, output)}/)`);
  }

  console.log(
    `Prerendered ${server.PRERENDERED_ROUTES.map((r) => r.file).join(', ')} into ${relative(root, distDir) || '.'}/`,
  );
  // Last, so the owner sees it: what a named browser profile lets a stranger cost a day.
  for (const line of profileWarningBlock(config)) console.warn(line);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
