import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { ROUTES, servedPaths } from '../../src/app/routes';
import { headersForPath, parseHeadersFile, type HeaderRule } from './headers-file';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.vtt': 'text/vtt; charset=utf-8',
  '.wasm': 'application/wasm',
};
/** They describe the deploy. */
const NOT_SERVED = new Set(['/_headers', '/vercel.json']);

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
}

function staticFile(body: Buffer, ext: string): StaticFile {
  const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  const file: StaticFile = {
    body,
    type,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
  if (/^text\/|json|xml/.test(type) && body.length > 512) {
    file.gzip = gzipSync(body, { level: 9 });
    file.brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  }
  return file;
}

export interface StaticSiteOptions {
  /** false: a plain static host that ignores `_headers`. */
  headersFile?: boolean;
  /** Further HTML pages by path (the bench's floor page). */
  pages?: Record<string, string>;
}

/** Serves a built `dist/` the way a CDN does; files are read and compressed once, at start. */
export async function loadStaticSite(
  distDir: string,
  { headersFile: applyHeaders = true, pages = {} }: StaticSiteOptions = {},
) {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `No built site in ${distDir}: run "npm run build:local" (or "npm start") first.`,
    );
  }
  const files = new Map<string, StaticFile>();
  for (const found of await readdir(distDir, { withFileTypes: true, recursive: true })) {
    if (!found.isFile()) continue;
    const file = join(found.parentPath, found.name);
    const urlPath = '/' + relative(distDir, file).split(sep).join('/');
    if (NOT_SERVED.has(urlPath)) continue;
    files.set(urlPath, staticFile(await readFile(file), extname(file)));
  }
  for (const [path, html] of Object.entries(pages))
    files.set(path, staticFile(Buffer.from(html), '.html'));
  const headersFile = join(distDir, '_headers');
  const rules: HeaderRule[] =
    applyHeaders && existsSync(headersFile)
      ? parseHeadersFile(await readFile(headersFile, 'utf8'))
      : [];

  /** A page comes from the route list the browser's router reads, so the two never disagree. */
  function resolve(path: string): { key: string; file: StaticFile } | null {
    const route = ROUTES.find((candidate) => servedPaths(candidate).includes(path));
    const key = route ? `/${route.file}` : path;
    if (!route && !(path in pages) && (key.endsWith('/') || key.endsWith('.html'))) return null;
    const file = files.get(key);
    return file ? { key, file } : null;
  }

  return function serveStatic(c: Context): Response {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request: malformed path', 400);
    }
    const found = resolve(path);
    const status = found ? 200 : 404;
    const file = found?.file ?? files.get('/404.html');
    if (!file) return c.text('Not found', 404);

    const headers = new Headers(headersForPath(rules, found ? path : '/404.html'));
    headers.set('Content-Type', file.type);
    headers.set('ETag', file.etag);
    headers.set('Vary', 'Accept-Encoding');
    if (status === 200 && c.req.header('if-none-match') === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accepted = c.req.header('accept-encoding') ?? '';
    let body = file.body;
    if (file.brotli && /\bbr\b/.test(accepted)) {
      body = file.brotli;
      headers.set('Content-Encoding', 'br');
    } else if (file.gzip && /\bgzip\b/.test(accepted)) {
      body = file.gzip;
      headers.set('Content-Encoding', 'gzip');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  };
}

/** A built site alone on localhost, nothing of the local stack: the bench's and check:live's host. */
export async function serveSite(
  distDir: string,
  { port = 0, ...options }: StaticSiteOptions & { port?: number } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const site = await loadStaticSite(distDir, options);
  const app = new Hono().on(['GET', 'HEAD'], '*', (c) => site(c));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: 'localhost' }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  return {
    origin: `http://localhost:${typeof address === 'object' && address ? address.port : port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
