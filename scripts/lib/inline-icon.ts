import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** index.html's tab icon: a PNG in public/, named by its path. */
const ICON_LINK = /(<link rel="icon" href=")\/([\w-]+\.png)(")/;

/**
 * index.html with its tab icon's `/name.png` replaced by the file's bytes as a data: URL, so a
 * page names its icon without a request (scripts/icons.ts says why). Throws when index.html has
 * no such link, so a changed template cannot drop the icon unnoticed.
 */
export function inlineIconLink(html: string, readPublic: (name: string) => Buffer): string {
  const match = ICON_LINK.exec(html);
  if (!match) throw new Error('index.html has no <link rel="icon" href="/<name>.png"> to inline.');
  const [, before, name, after] = match;
  const url = `data:image/png;base64,${readPublic(name!).toString('base64')}`;
  return html.replace(ICON_LINK, () => `${before}${url}${after}`);
}

/**
 * The Vite plugin: the tab icon inline in index.html, in the build and the dev server alike. Vite's
 * own asset inlining (`build.assetsInlineLimit`) will not do it: it never inlines a link whose
 * rel is `icon` or `apple-touch-icon`, whatever the limit says.
 */
export function inlineIcon(publicDir: string): Plugin {
  return {
    name: 'inline-icon',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => inlineIconLink(html, (name) => readFileSync(join(publicDir, name))),
    },
  };
}
