import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineStyles } from './security-headers';
import { appFilesOf } from './inline-script';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizesOf(content: string | Buffer): Sizes {
  const buffer = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export interface FirstLoad {
  /** JS files the page loads without any interaction: the entry and its static imports. */
  jsFiles: string[];
  js: Sizes;
  /** CSS: inline <style> elements and stylesheet links. */
  css: Sizes;
}

/** Static imports of a built chunk (not dynamic `import()`s, which load later). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

/** What a visitor downloads as JS and CSS on the first load of a prerendered page in dist/. */
export async function firstLoad(distDir: string, htmlFile: string): Promise<FirstLoad> {
  const html = await readFile(join(distDir, htmlFile), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*\ssrc="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  // The app's entry and its imports, as the inline loader names them (src/inline/app-loader.ts).
  const app = appFilesOf(html);
  if (app) entries.push(...[app.module, ...app.imports].map((href) => href.replace(/^\//, '')));
  const seen = new Set<string>();
  const queue = [...entries];
  let js = ZERO;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(distDir, file), 'utf8');
    js = add(js, sizesOf(code));
    for (const imported of staticImports(code)) queue.push(`assets/${imported}`);
  }
  let css = ZERO;
  for (const style of inlineStyles(html)) css = add(css, sizesOf(style));
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)) {
    css = add(css, sizesOf(await readFile(join(distDir, match[1]!))));
  }
  return { jsFiles: [...seen], js, css };
}

/**
 * What makes a fresh renderer load ICU's locale data (20 to 60 ms on this machine), which in the
 * first load would land in the app's first task (docs/performance.md, "The app's first task"):
 * the first load writes numbers with src/lib/whole-number.ts instead.
 */
export const LOCALE_DATA_MARKERS = [
  'Intl.',
  'toLocaleString',
  'toLocaleDateString',
  'localeCompare',
];

/** Code that belongs to the SDKs and must never be in a first load. */
export const SDK_MARKERS = {
  voice: ['callControllerCreateWebCall', 'createCallObject', 'call-machine'],
  // supabase-js, and the submission code that drives it (its Pacific-time formatting).
  data: ['GoTrueClient', 'X-Client-Info', 'America/Los_Angeles'],
  // Book a time's inline booking: @calcom/embed-react and react-calendly, fetched at the press.
  booking: [
    'calLink is required',
    'app.cal.com/embed/embed.js',
    'embed_domain=1',
    'calendly-inline-widget',
  ],
} as const;
