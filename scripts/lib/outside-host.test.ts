import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headlineOf,
  OUTSIDE_FLOOR_PATH,
  outsideFloorHtml,
  serveOutsideHost,
  type OutsideHost,
} from './outside-host';

let dir: string;
let plain: OutsideHost;
let headed: OutsideHost;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const home =
  '<html><body><h1 class="big">Answer every call <em>&amp; book</em>\n  the job</h1></body></html>';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over HTTP, the body as the server sent it (no decoding). */
function get(origin: string, path: string, acceptEncoding = 'gzip, deflate, br'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const text = (raw: Raw) =>
  (raw.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw.body) : raw.body).toString();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outside-host-'));
  await mkdir(join(dir, 'solar'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), home);
  await writeFile(join(dir, 'solar', 'index.html'), '<h1>solar</h1>');
  await writeFile(join(dir, '404.html'), '<h1>not found</h1>');
  await writeFile(join(dir, 'assets', 'app-abc.js'), script);
  await writeFile(join(dir, 'assets', 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(
    join(dir, '_headers'),
    '/*\n  Referrer-Policy: strict-origin-when-cross-origin\n  X-Content-Type-Options: nosniff\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  );
  plain = await serveOutsideHost(dir);
  headed = await serveOutsideHost(dir, { headersFile: true });
});

afterAll(async () => {
  await plain?.close();
  await headed?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the outside harness's static host", () => {
  it('listens on 127.0.0.1', () => {
    expect(plain.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves clean URLs: a folder’s index.html with or without the trailing slash', async () => {
    for (const path of ['/solar', '/solar/']) {
      const raw = await get(plain.origin, path);
      expect(raw.status, path).toBe(200);
      expect(text(raw), path).toBe('<h1>solar</h1>');
      expect(raw.headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
    expect(text(await get(plain.origin, '/'))).toBe(home);
  });

  it('answers an unknown path, a traversal and the _headers file with 404.html and 404', async () => {
    for (const path of [
      '/nothing/here',
      '/solar/x',
      '/../outside-host.ts',
      '/_headers',
      '/%2e%2e/etc',
    ]) {
      const raw = await get(headed.origin, path);
      expect(raw.status, path).toBe(404);
      expect(text(raw), path).toBe('<h1>not found</h1>');
    }
    expect((await get(plain.origin, '/%')).status).toBe(400);
  });

  it('sends brotli only to a request that accepts it, with the right length and type', async () => {
    const br = await get(plain.origin, '/assets/app-abc.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    for (const accept of ['gzip, deflate', '', 'br;q=0, gzip']) {
      const raw = await get(plain.origin, '/assets/app-abc.js', accept);
      expect(raw.headers['content-encoding'], accept).toBeUndefined();
      expect(raw.body.toString(), accept).toBe(script);
    }
    const png = await get(plain.origin, '/assets/icon.png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('compresses each file once and serves the cached result after', async () => {
    const host = await serveOutsideHost(dir);
    try {
      const first = await get(host.origin, '/assets/app-abc.js');
      const again = await get(host.origin, '/assets/app-abc.js');
      await get(host.origin, '/assets/app-abc.js', 'gzip');
      await get(host.origin, '/solar');
      await get(host.origin, '/solar/');
      expect(again.body.equals(first.body)).toBe(true);
      expect(Object.fromEntries(host.compressions)).toEqual({
        '/assets/app-abc.js': 1,
        '/solar/index.html': 1,
      });
    } finally {
      await host.close();
    }
  });

  it('applies the _headers rules for the path only when asked to', async () => {
    const asset = await get(headed.origin, '/assets/app-abc.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const page = await get(headed.origin, '/solar');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cache-control']).toBeUndefined();
    for (const path of ['/assets/app-abc.js', '/solar', OUTSIDE_FLOOR_PATH]) {
      const raw = await get(plain.origin, path);
      expect(raw.headers['referrer-policy'], path).toBeUndefined();
      expect(raw.headers['x-content-type-options'], path).toBeUndefined();
      expect(raw.headers['cache-control'], path).toBeUndefined();
    }
  });

  it("serves the floor: the build's headline alone, unstyled, under 1 KiB, like a page of its host", async () => {
    for (const path of [OUTSIDE_FLOOR_PATH, '/acc-floor']) {
      const raw = await get(headed.origin, path);
      expect(raw.status, path).toBe(200);
      expect(raw.headers['content-encoding'], path).toBe('br');
      expect(raw.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      const html = text(raw);
      expect(html).toBe(outsideFloorHtml('Answer every call & book the job'));
      expect(html).toContain('<h1>Answer every call &amp; book the job</h1>');
      expect(html).not.toMatch(/<style|style=|<link rel="stylesheet"|<script/);
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(1024);
    }
  });

  it("reads the headline from a page's first h1", () => {
    expect(headlineOf(home)).toBe('Answer every call & book the job');
    expect(() => headlineOf('<p>none</p>')).toThrow(/no <h1>/);
  });
});
