import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite, serveSite } from './static-site';

let dir: string;
let app: Hono;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-site-'));
  await mkdir(join(dir, 'about-me'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<h1>home</h1>');
  await writeFile(join(dir, 'about-me', 'index.html'), '<h1>about</h1>');
  await writeFile(join(dir, '404.html'), '<h1>not found</h1>');
  await writeFile(join(dir, 'assets', 'app-abc123.js'), bigScript);
  await writeFile(
    join(dir, '_headers'),
    '/*\n  X-Content-Type-Options: nosniff\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n\n/\n  Cache-Control: public, max-age=0, must-revalidate\n',
  );
  await writeFile(join(dir, 'vercel.json'), '{}');
  const serve = await loadStaticSite(dir);
  app = new Hono();
  app.get('*', (c) => serve(c));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the static host of the local stack', () => {
  it('serves each route its prerendered file, with and without a trailing slash', async () => {
    expect(await (await app.request('/')).text()).toBe('<h1>home</h1>');
    expect(await (await app.request('/about-me')).text()).toBe('<h1>about</h1>');
    expect(await (await app.request('/about-me/')).text()).toBe('<h1>about</h1>');
  });

  it('serves a page at exactly the paths the route list gives it, case and all', async () => {
    for (const [path, text] of [
      ['/index.html', '<h1>home</h1>'],
      ['/about-me/index.html', '<h1>about</h1>'],
    ]) {
      const response = await app.request(path!);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(text);
    }
    for (const path of ['/About-Me', '/index', '/about-me.html', '/about-me//', '/assets/']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('<h1>not found</h1>');
    }
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const response = await app.request('/nothing/here');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>not found</h1>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('never serves the deploy files themselves', async () => {
    expect((await app.request('/_headers')).status).toBe(404);
    expect((await app.request('/vercel.json')).status).toBe(404);
  });

  it('applies the _headers rules that match the path', async () => {
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const home = await app.request('/');
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('as a plain static host, ignores _headers but still compresses and answers 404', async () => {
    const plain = await loadStaticSite(dir, { headersFile: false });
    const host = new Hono();
    host.get('*', (c) => plain(c));
    const page = await host.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('x-content-type-options')).toBeNull();
    expect(page.headers.get('cache-control')).toBeNull();
    const script = await host.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect((await host.request('/nope')).status).toBe(404);
  });

  it('serves a given page beside the site on a port of its own, with the headers for its path', async () => {
    const host = await serveSite(dir, { pages: { '/__floor/': '<h1>floor</h1>' } });
    try {
      const floor = await fetch(`${host.origin}/__floor/`);
      expect(await floor.text()).toBe('<h1>floor</h1>');
      expect(floor.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(floor.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await (await fetch(`${host.origin}/about-me`)).text()).toBe('<h1>about</h1>');
    } finally {
      await host.close();
    }
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(bigScript);
    const gz = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigScript);
    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigScript);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await app.request('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('refuses to start without a built site, saying how to build one', async () => {
    await expect(loadStaticSite(join(dir, 'missing'))).rejects.toThrow(/npm run build:local/);
  });
});
