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
  /** The entry and its static imports. */
  jsFiles: string[];
  js: Sizes;
  css: Sizes;
}

/** Not dynamic `import()`s, which load later. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

export async function firstLoad(distDir: string, htmlFile: string): Promise<FirstLoad> {
  const html = await readFile(join(distDir, htmlFile), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*\ssrc="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
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

/** A fresh renderer loads ICU's locale data for these (20 to 60 ms, docs/performance.md). */
export const LOCALE_DATA_MARKERS = [
  'Intl.',
  'toLocaleString',
  'toLocaleDateString',
  'localeCompare',
];

export const SDK_MARKERS = {
  voice: ['callControllerCreateWebCall', 'createCallObject', 'call-machine'],
  data: ['GoTrueClient', 'X-Client-Info', 'America/Los_Angeles'],
  booking: [
    'calLink is required',
    'app.cal.com/embed/embed.js',
    'embed_domain=1',
    'calendly-inline-widget',
  ],
} as const;
