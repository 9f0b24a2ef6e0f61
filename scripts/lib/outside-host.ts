/**
 * The outside harness's host (issue 47): a plain Node static server on 127.0.0.1, nothing of the
 * local stack, serving a built dist as a CDN serves it. Clean URLs (`/solar` is
 * `solar/index.html`, a trailing slash is the same page), `404.html` with status 404 for anything
 * else, each compressible file brotli-compressed the first time it is asked for and the result
 * kept (a CDN's edge cache), `Content-Encoding: br` only to a request that accepts br, a
 * Content-Length on every answer (no chunked transfer), Node's default keep-alive. With
 * `headersFile: true` it also applies the build's `_headers` rules to the request's path, as
 * Netlify and Cloudflare Pages do; without, it is a host that ignores that file.
 *
 * Beside the site it serves the outside harness's floor at `/acc-floor/`: about 1 KiB, no style
 * at all, the built home page's headline in an h1 (read from the build, so it follows whatever
 * build it is given). On the host with `_headers` the floor gets the rules for its path too
 * (`/*`: the CSP and the rest), as any page of that host would.
 *
 * It is deliberately not server/cdn/static-site.ts (the local stack's host, which the project's
 * own recipe measures): the point is a second, independent server to compare with.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { headersForPath, parseHeadersFile, type HeaderRule } from '../../server/cdn/headers-file';
import { COMPRESSIBLE, CONTENT_TYPES } from '../../server/cdn/static-site';

export const OUTSIDE_FLOOR_PATH = '/acc-floor/';

/** Files of the deploy, not of the site: no host serves them. */
const NOT_SERVED = new Set(['/_headers', '/_redirects', '/vercel.json']);

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text of a page's first h1 (its tags dropped, its spaces collapsed). */
export function headlineOf(html: string): string {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  if (inner === undefined) throw new Error('The page has no <h1>.');
  return decodeEntities(inner.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The outside harness's floor: the headline in an unstyled page, under 1 KiB. */
export function outsideFloorHtml(headline: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
<meta name="description" content="The headline alone, unstyled: the floor an outside harness compares pages with.">
<link rel="icon" href="data:,">
</head>
<body>
<h1>${escapeText(headline)}</h1>
</body>
</html>
`;
}

export interface OutsideHostOptions {
  /** Apply the build's `_headers` rules (the default: no, a host that ignores the file). */
  headersFile?: boolean;
  /** Where to listen; 127.0.0.1 as the outside harness does. */
  hostname?: string;
  /** 0 for any free port. */
  port?: number;
  /** Further pages served as built files at these paths (the bench's experiments). */
  extraPages?: Record<string, string>;
}

export interface OutsideHost {
  origin: string;
  port: number;
  /** How many times each served path's body was brotli-compressed (once, or never). */
  compressions: ReadonlyMap<string, number>;
  close: () => Promise<void>;
}

interface Found {
  status: number;
  /** The file's key: its path under the dist, or an extra page's path. */
  key: string;
  body: Buffer;
  ext: string;
}

/** Serves `distDir` as the outside harness's static host; see the file's comment. */
export async function serveOutsideHost(
  distDir: string,
  options: OutsideHostOptions = {},
): Promise<OutsideHost> {
  const { headersFile = false, hostname = '127.0.0.1', port = 0 } = options;
  const home = join(distDir, 'index.html');
  if (!existsSync(home)) throw new Error(`No built site in ${distDir}.`);
  const rulesFile = join(distDir, '_headers');
  const rules: HeaderRule[] =
    headersFile && existsSync(rulesFile) ? parseHeadersFile(await readFile(rulesFile, 'utf8')) : [];
  const extra = new Map<string, Buffer>([
    [OUTSIDE_FLOOR_PATH, Buffer.from(outsideFloorHtml(headlineOf(await readFile(home, 'utf8'))))],
    ...Object.entries(options.extraPages ?? {}).map(([p, html]) => [p, Buffer.from(html)] as const),
  ]);
  const root = normalize(distDir + sep);
  const brotli = new Map<string, Buffer>();
  const compressions = new Map<string, number>();

  const fileAt = (relative: string): string | null => {
    const file = normalize(join(root, relative));
    if (!file.startsWith(root)) return null;
    return existsSync(file) && statSync(file).isFile() ? file : null;
  };

  /** The file a clean URL names: itself, its folder's index.html, or `<path>.html`. */
  async function find(path: string): Promise<Found | null> {
    const page = extra.get(path) ?? extra.get(`${path}/`) ?? extra.get(path.replace(/\/$/, ''));
    if (page) return { status: 200, key: path, body: page, ext: '.html' };
    if (NOT_SERVED.has(path)) return null;
    const bare = path.replace(/\/+$/, '');
    const candidates = path.endsWith('/')
      ? [`${bare}/index.html`]
      : [path, `${path}/index.html`, `${path}.html`];
    for (const candidate of candidates) {
      const file = fileAt(candidate);
      if (file)
        return { status: 200, key: candidate, body: await readFile(file), ext: extname(file) };
    }
    return null;
  }

  function encoded(found: Found): Buffer {
    const cached = brotli.get(found.key);
    if (cached) return cached;
    const body = brotliCompressSync(found.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: found.body.length,
      },
    });
    brotli.set(found.key, body);
    compressions.set(found.key, (compressions.get(found.key) ?? 0) + 1);
    return body;
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    } catch {
      response.writeHead(400, { 'Content-Length': '0' }).end();
      return;
    }
    const found =
      (await find(path)) ??
      (await find('/404.html').then((f) => (f ? { ...f, status: 404 } : null)));
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': '9' });
      response.end('Not found');
      return;
    }
    const headers: Record<string, string> = {
      ...headersForPath(rules, path),
      'Content-Type': CONTENT_TYPES[found.ext] ?? 'application/octet-stream',
    };
    let body = found.body;
    if (COMPRESSIBLE.has(found.ext)) {
      headers['Vary'] = 'Accept-Encoding';
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (
        /(^|[\s,])br(\s*(;|,|$))/.test(accepts) &&
        !/(^|[\s,])br\s*;\s*q=0(\.0*)?\s*(,|$)/.test(accepts)
      ) {
        body = encoded(found);
        headers['Content-Encoding'] = 'br';
      }
    }
    headers['Content-Length'] = String(body.length);
    response.writeHead(found.status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Length': '0' });
      response.end();
      console.error(error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    origin: `http://${host}:${bound}`,
    port: bound,
    compressions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
