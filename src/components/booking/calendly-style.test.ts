import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

/**
 * The stylesheet the build hashes for Calendly (scripts/lib/booking-styles.ts reads it from
 * react-calendly's file) is the very text its module adds to the page when it loads.
 */
it("react-calendly adds to <head>, as it loads, the stylesheet the build's CSP hashes", async () => {
  const file = createRequire(import.meta.url)
    .resolve('react-calendly/package.json')
    .replace(/package\.json$/, 'dist/index.es.js');
  const literal = /var css_248z = ("(?:[^"\\]|\\.)*");/.exec(await readFile(file, 'utf8'))![1]!;
  const before = document.head.querySelectorAll('style').length;
  await import('react-calendly');
  const added = [...document.head.querySelectorAll('style')].slice(before);
  expect(added.map((style) => style.textContent)).toEqual([JSON.parse(literal)]);
});
