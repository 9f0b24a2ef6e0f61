import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { hero } from '../../src/content/hero';
import { cspHash, inlineStyles } from './security-headers';
import {
  FLOOR_PATH,
  floorHeaders,
  floorHtml,
  serveFloor,
  serveFloorBeside,
  siteFontStack,
} from './floor-page';

describe('the floor page of the bench', () => {
  it('is the headline alone, in about 1 KiB, with no script', () => {
    const html = floorHtml();
    expect(html).toContain(`<h1>${hero.headline}</h1>`);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(1024);
    expect(html).not.toContain('<script');
  });

  it("uses the site's own font stack", () => {
    expect(siteFontStack()).toMatch(/^system-ui, .*sans-serif$/);
    expect(floorHtml()).toContain(`font-family:${siteFontStack()};`);
    expect(siteFontStack("@theme { --font-sans:\n    A, 'B C',\n    sans-serif; }")).toBe(
      'A, "B C", sans-serif',
    );
    expect(() => siteFontStack('@theme {}')).toThrow(/--font-sans/);
  });

  it('is served compressed, as the static host serves a page', async () => {
    const app = new Hono();
    app.get(FLOOR_PATH, serveFloor());
    const response = await app.request(FLOOR_PATH, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(body).toBe(floorHtml());
  });

  it("carries the site's own headers, its CSP allowing the floor's inline style", async () => {
    const site = new Headers({
      'Content-Security-Policy':
        "default-src 'self'; style-src 'self' 'sha256-site='; img-src 'self' data:",
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'microphone=(self)',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': '9999',
      ETag: '"abc"',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
    const headers = floorHeaders(site);
    const floorStyle = cspHash(inlineStyles(floorHtml())[0]!);
    expect(headers.get('content-security-policy')).toBe(
      `default-src 'self'; style-src 'self' 'sha256-site=' ${floorStyle}; img-src 'self' data:`,
    );
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toBe('microphone=(self)');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of [
      'content-encoding',
      'content-length',
      'etag',
      'cache-control',
      'content-type',
    ])
      expect(headers.has(name), name).toBe(false);

    const app = new Hono();
    app.get(FLOOR_PATH, serveFloor(headers));
    const response = await app.request(FLOOR_PATH, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain(floorStyle);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it("takes the headers the site's host sends with its home page", async () => {
    const asked: string[] = [];
    const site = (request: Request) => {
      asked.push(request.url);
      return new Response('<!doctype html>', {
        headers: {
          'Referrer-Policy': 'strict-origin-when-cross-origin',
          'Content-Type': 'text/html',
        },
      });
    };
    const app = new Hono();
    app.get(FLOOR_PATH, await serveFloorBeside(site, 'http://localhost:4480'));
    const response = await app.request(FLOOR_PATH);
    expect(asked).toEqual(['http://localhost:4480/']);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await response.text()).toBe(floorHtml());
  });
});
