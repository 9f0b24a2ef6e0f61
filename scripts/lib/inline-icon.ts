import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ICON_LINK = /(<link rel="icon" href=")\/([\w-]+\.png)(")/;

/** So a page names its icon without a request; a template without the link throws. */
export function inlineIconLink(html: string, readPublic: (name: string) => Buffer): string {
  const match = ICON_LINK.exec(html);
  if (!match) throw new Error('index.html has no <link rel="icon" href="/<name>.png"> to inline.');
  const [, before, name, after] = match;
  const url = `data:image/png;base64,${readPublic(name!).toString('base64')}`;
  return html.replace(ICON_LINK, () => `${before}${url}${after}`);
}

/** Vite's `build.assetsInlineLimit` never inlines a link whose rel is `icon`. */
export function inlineIcon(publicDir: string): Plugin {
  return {
    name: 'inline-icon',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => inlineIconLink(html, (name) => readFileSync(join(publicDir, name))),
    },
  };
}
