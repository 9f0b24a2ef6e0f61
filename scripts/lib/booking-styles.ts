import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import type { BookingConfig } from '../../src/lib/booking';
import { cspHash } from './security-headers';

/**
 * The <style> elements Book a time's embed writes into the page, which the CSP must allow by
 * hash (style-src has no 'unsafe-inline'):
 *
 * - Cal.com (`@calcom/embed-core`'s embed.js): two <style> elements in <head> (its CSS variables
 *   and `.cal-embed`), the <style> of the container it adds, and in its <cal-inline> element's
 *   shadow root two <style> elements (their set depends on the layout, which is `mobile` under
 *   768 px). They are read by running that very file in jsdom, at both widths, and calling
 *   `inline` as `@calcom/embed-react` does: what this returns is what the file writes, whatever
 *   its version. Its loader's `style` attributes are allowed as attributes instead
 *   (style-src-attr, scripts/lib/security-headers.ts), not by hash.
 * - Calendly (`react-calendly`): the one <style> its module adds to <head> when it loads.
 *
 * Nothing else of either is inline: the script is the site's own file, the frame is the booking
 * page's origin (frame-src).
 */

const require = createRequire(import.meta.url);

/** The text of every <style> in a root and its shadow roots. */
function styleElements(root: Document | ShadowRoot, found: Set<string>) {
  for (const style of root.querySelectorAll('style')) found.add(style.textContent ?? '');
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) styleElements(element.shadowRoot, found);
  }
}

/**
 * Records each <style> element's text as it is inserted: CSP checks it then, and again when its
 * text changes (embed.js inserts an empty one, then fills it, so the empty text's hash is needed
 * too).
 */
function recordInsertedStyles(window: JSDOM['window'], found: Set<string>) {
  const appendChild = window.Node.prototype.appendChild;
  window.Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (node instanceof window.HTMLStyleElement) found.add(node.textContent ?? '');
    return appendChild.call(this, node) as T;
  };
}

/** What embed.js writes for one inline embed, at a window `narrow` (under 768 px) or not. */
function calEmbedStyles(embedJs: string, narrow: boolean): string[] {
  const dom = new JSDOM(
    '<!doctype html><html><head></head><body><div id="cal"></div></body></html>',
    { url: 'https://www.example.com/', runScripts: 'outside-only', pretendToBeVisual: true },
  );
  const { window } = dom;
  try {
    window.matchMedia = ((query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    const found = new Set<string>();
    recordInsertedStyles(window, found);
    // @calcom/embed-react's snippet (the queue embed.js reads), its two calls, then the script.
    window.eval(`(function (C) {
      C.Cal = function () { C.Cal.q.push(arguments); };
      C.Cal.q = []; C.Cal.ns = {}; C.Cal.loaded = true;
    })(window);
    Cal('init', { origin: 'https://cal.example.com' });
    Cal('inline', { elementOrSelector: document.getElementById('cal'), calLink: 'owner/intro', config: { name: 'A' } });`);
    window.eval(embedJs);
    // Its resize handler lays out the loader for the layout it then has.
    window.dispatchEvent(new window.Event('resize'));
    styleElements(window.document, found);
    return [...found];
  } finally {
    window.close();
  }
}

/** The path of a file inside an installed package. */
const packageFile = (name: string, file: string) =>
  require.resolve(`${name}/package.json`).replace(/package\.json$/, file);

/** The texts of every <style> element Cal's embed writes, at both layouts. */
export async function calEmbedInlineStyles(): Promise<string[]> {
  const embedJs = await readFile(packageFile('@calcom/embed-core', 'dist/embed/embed.js'), 'utf8');
  const texts = new Set<string>();
  for (const narrow of [false, true]) {
    for (const text of calEmbedStyles(embedJs, narrow)) texts.add(text);
  }
  return [...texts];
}

/** The stylesheet react-calendly's module adds to <head> (its `css_248z` string). */
export async function calendlyInlineStyles(): Promise<string[]> {
  const code = await readFile(packageFile('react-calendly', 'dist/index.es.js'), 'utf8');
  const literal = /var css_248z = ("(?:[^"\\]|\\.)*");/.exec(code)?.[1];
  if (!literal) throw new Error('react-calendly: its stylesheet (css_248z) was not found');
  return [JSON.parse(literal) as string];
}

/** The CSP hashes of what the configured booking embed writes inline; none for a link or none. */
export async function bookingStyleHashes(booking: BookingConfig | null): Promise<string[]> {
  if (booking?.provider === 'cal') return (await calEmbedInlineStyles()).map(cspHash).sort();
  if (booking?.provider === 'calendly') return (await calendlyInlineStyles()).map(cspHash).sort();
  return [];
}
