/**
 * The floor the bench compares each page with: the smallest page that shows the home page's
 * headline (about 1 KiB, no script, its few styles inline), served by the same server with the
 * same compression and the same response headers as the site's pages (`floorHeaders`). No page
 * of the site can paint its first screen sooner than this one; the bench prints each page's LCP
 * as a ratio to it.
 *
 * The headers matter in the lab: when the site sent `Cross-Origin-Opener-Policy: same-origin`
 * (until 2026-11-29), Chromium opened each page in a new browsing context group, with a fresh
 * renderer process and V8 context, while a page without it reused the process Lighthouse's blank
 * page had warmed; the floor alone went from about 0.7 s to 0.83-0.99 s LCP with that one header
 * (docs/performance.md). So the floor carries whatever headers the site sends, and the bench also
 * serves the bare floor, for comparison.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { hero } from '../../src/content/hero';
import { cspHash, inlineStyles } from './security-headers';

export const FLOOR_PATH = '/__bench/floor';
/** The same page without the site's headers (what the floor was before). */
export const BARE_FLOOR_PATH = '/__bench/floor-bare';

/** The site's font stack (`--font-sans` in src/styles/index.css), so both pages look fonts up alike. */
export function siteFontStack(
  css = readFileSync(new URL('../../src/styles/index.css', import.meta.url), 'utf8'),
): string {
  const value = /--font-sans:([^;]+);/.exec(css)?.[1];
  if (!value) throw new Error('src/styles/index.css declares no --font-sans.');
  return value.trim().replace(/\s+/g, ' ').replace(/'/g, '"');
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function floorHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor: the headline alone</title>
<meta name="description" content="The smallest page with the site's headline, for the bench.">
<link rel="icon" href="data:,">
<style>
body{margin:0;font-family:${siteFontStack()};color:#0f172a;background:#fff}
main{max-width:72rem;margin:0 auto;padding:7rem 1rem 4rem}
h1{font-size:2.25rem;line-height:1.1;font-weight:800;letter-spacing:-.025em;margin:0}
</style>
</head>
<body><main><h1>${escapeText(hero.headline)}</h1></main></body>
</html>
`;
}

/** Headers that describe one response's body or caching, not the site: never copied. */
const BODY_HEADERS = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/**
 * The site's own headers (as its host sent them with a page) for the floor: every security and
 * policy header as it is, the CSP's style-src also allowing the floor's one inline style.
 */
export function floorHeaders(site: Headers, html = floorHtml()): Headers {
  const headers = new Headers();
  site.forEach((value, name) => {
    if (!BODY_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  });
  const hashes = inlineStyles(html).map(cspHash).join(' ');
  for (const name of ['content-security-policy', 'content-security-policy-report-only']) {
    const policy = headers.get(name);
    if (!policy) continue;
    const directives = policy.split(/;\s*/);
    const style = directives.findIndex((d) => d.startsWith('style-src '));
    if (style >= 0) directives[style] = `${directives[style]} ${hashes}`;
    headers.set(name, directives.join('; '));
  }
  return headers;
}

/**
 * The floor as the bench serves it beside a site: with the headers the site's host sends with
 * its home page (`site` answers requests as that host does, `origin` is where it is served).
 */
export async function serveFloorBeside(
  site: (request: Request) => Response | Promise<Response>,
  origin: string,
) {
  const home = await site(new Request(`${origin}/`));
  return serveFloor(floorHeaders(home.headers));
}

/** Serves the floor page as the static host serves a page: brotli or gzip at the same levels. */
export function serveFloor(siteHeaders: Headers = new Headers()) {
  const body = Buffer.from(floorHtml());
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  const gzip = gzipSync(body, { level: 9 });
  return (c: Context): Response => {
    const accepts = c.req.header('accept-encoding') ?? '';
    const [encoded, encoding] = accepts.includes('br')
      ? [brotli, 'br']
      : accepts.includes('gzip')
        ? [gzip, 'gzip']
        : [body, null];
    const headers = new Headers(siteHeaders);
    headers.set('Content-Type', 'text/html; charset=utf-8');
    headers.set('Cache-Control', 'no-cache');
    headers.set('Vary', 'Accept-Encoding');
    if (encoding) headers.set('Content-Encoding', encoding);
    return new Response(new Uint8Array(encoded), { status: 200, headers });
  };
}
