import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { hero } from '../../src/content/hero';
import { FLOOR_PATH, floorHtml, serveFloor, siteFontStack } from './floor-page';

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
});
