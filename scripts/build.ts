/**
 * `npm run build` (production) and `npm run build:local` (the local stack).
 * Validates the configuration, builds the client and a server bundle, prerenders every route
 * to static HTML, and writes robots.txt, sitemap.xml, _headers and vercel.json.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { ConfigError, LOCAL_VITE_MODE, type SiteConfig } from '../src/lib/config-schema';
import type * as ServerEntryModule from '../src/app/entry-server';
import { resolveSiteConfig } from './lib/site-config';

type ServerEntry = typeof ServerEntryModule;
import {
  cspHash,
  headerRules,
  inlineScripts,
  renderHeadersFile,
  renderVercelConfig,
} from './lib/security-headers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = join(root, '.ssr');

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

async function findFile(dir: string, pattern: RegExp): Promise<string | undefined> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  return names.find((name) => pattern.test(name));
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
    config = resolveSiteConfig(viteMode(mode), root);
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
  await build({
    root,
    mode: viteMode(mode),
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true },
  });
  await build({
    root,
    mode: viteMode(mode),
    logLevel: 'warn',
    build: {
      ssr: 'src/app/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });

  const server = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  const font = await findFile(join(distDir, 'assets'), /^inter-latin-wght-normal-.*\.woff2$/);
  const fontPreload = font
    ? `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`
    : '';

  const hashes = new Set<string>();
  for (const route of server.PRERENDERED_ROUTES) {
    const { html, head } = server.render(route.path, config.siteUrl);
    const page = template
      .replace('<!--app-head-->', [fontPreload, head].filter(Boolean).join('\n    '))
      .replace('<!--app-html-->', html);
    for (const script of inlineScripts(page)) hashes.add(cspHash(script));
    const file = join(distDir, route.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
  }

  const indexable = server.PRERENDERED_ROUTES.map((r) => r.path).filter(
    (p) => p !== server.seo.notFound.path,
  );
  const rules = headerRules(config, [...hashes].sort());
  await Promise.all([
    writeFile(join(distDir, 'robots.txt'), robots(config)),
    writeFile(join(distDir, 'sitemap.xml'), sitemap(config, indexable)),
    writeFile(join(distDir, '_headers'), renderHeadersFile(rules)),
    writeFile(join(distDir, 'vercel.json'), renderVercelConfig(rules)),
    rm(join(distDir, '.vite'), { recursive: true, force: true }),
    rm(ssrDir, { recursive: true, force: true }),
  ]);
  console.log(`Prerendered ${server.PRERENDERED_ROUTES.map((r) => r.file).join(', ')} into dist/`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
