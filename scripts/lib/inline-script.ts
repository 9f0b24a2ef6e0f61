import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { AppFiles } from '../../src/inline/app-loader';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one build step for the page's inline scripts: calls `exportName(...args)` of a source file
 * under src/inline/ (linted, type-checked and unit-tested like any other), bundled with what it
 * imports and minified into one self-contained statement for a <script> element. The CSP hashes
 * are taken later from the built HTML, so they always match what ships.
 */
export async function inlineScript(
  file: string,
  exportName: string,
  args: string[] = [],
): Promise<string> {
  const call = `${exportName}(${args.join(', ')});`;
  const result = await build({
    stdin: {
      contents: `import { ${exportName} } from ${JSON.stringify(`./${file}`)};\n${call}`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    target: 'es2018',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text.trim();
  // An HTML parser ends a <script> at the first "</script": none may be in the text.
  if (/<\/script/i.test(text)) throw new Error(`${file} would end its own <script> element.`);
  return text;
}

/** The early-press capture, first in every page's <head>. */
export const earlyCaptureScript = () =>
  inlineScript('src/inline/early-capture.ts', 'installEarlyCapture', ['window']);

/**
 * The loader that adds the app's entry module, its imports and stylesheet after the first paint:
 * the same text on every page, which reads the files from its element's `data-app`.
 */
export const appLoaderScript = () =>
  inlineScript('src/inline/app-loader.ts', 'loadNamedFiles', ['window']);

/**
 * The loader's `data-app` attribute: the files it adds, as JSON in single quotes (so its own
 * double quotes need no escaping), with `&` and `'` escaped for HTML.
 */
export function appFilesAttribute(app: AppFiles): string {
  const json = JSON.stringify(app).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  return `data-app='${json}'`;
}

/** The files a built page's loader adds, read back from its `data-app`; null without one. */
export function appFilesOf(html: string): AppFiles | null {
  const attribute = /<script data-app='([^']*)'>/.exec(html)?.[1];
  if (attribute === undefined) return null;
  return JSON.parse(attribute.replace(/&#39;/g, "'").replace(/&amp;/g, '&')) as AppFiles;
}
