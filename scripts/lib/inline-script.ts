import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { AppFiles } from '../../src/inline/app-loader';

/** `exportName(window)` of a file under src/inline/, bundled and minified for a <script>. */
async function inlineScript(file: string, exportName: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${exportName} } from ${JSON.stringify(`./${file}`)};\n${exportName}(window);`,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
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

export const earlyCaptureScript = () =>
  inlineScript('src/inline/early-capture.ts', 'installEarlyCapture');

/** The same text on every page: it reads the files from its element's `data-app`. */
export const appLoaderScript = () => inlineScript('src/inline/app-loader.ts', 'loadNamedFiles');

/** JSON in single quotes, so its double quotes need no escaping. */
export function appFilesAttribute(app: AppFiles): string {
  const json = JSON.stringify(app).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  return `data-app='${json}'`;
}

export function appFilesOf(html: string): AppFiles | null {
  const attribute = /<script data-app='([^']*)'>/.exec(html)?.[1];
  if (attribute === undefined) return null;
  return JSON.parse(attribute.replace(/&#39;/g, "'").replace(/&amp;/g, '&')) as AppFiles;
}
