import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineStyles } from './security-headers';
import { appFilesOf } from './inline-script';

export function sizesOf(content: string | Buffer) {
  return {
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      .length,
  };
}

/** Each file compressed on its own, as a host sends it. */
function sizesOfEach(contents: string[]) {
  const sizes = contents.map(sizesOf);
  return {
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
    brotli: sizes.reduce((sum, size) => sum + size.brotli, 0),
  };
}

/**
 * What a built page loads first: the scripts its loader names and their static imports (not
 * dynamic `import()`s, which load later), and its inline CSS.
 */
export async function firstLoad(distDir: string, htmlFile: string) {
  const html = await readFile(join(distDir, htmlFile), 'utf8');
  const app = appFilesOf(html);
  const queue = app ? [app.module, ...app.imports].map((href) => href.replace(/^\//, '')) : [];
  const scripts = new Map<string, string>();
  // The loop reaches the imports pushed while it runs.
  for (const file of queue) {
    if (scripts.has(file)) continue;
    const code = await readFile(join(distDir, file), 'utf8');
    scripts.set(file, code);
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g))
      queue.push(`assets/${imported}`);
  }
  return {
    jsFiles: [...scripts.keys()],
    js: sizesOfEach([...scripts.values()]),
    css: sizesOfEach(inlineStyles(html)),
  };
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
