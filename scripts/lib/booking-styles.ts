import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import type { BookingConfig } from '../../src/lib/booking';
import { calEmbedScript } from './cal-embed-file';
import { cspHash } from './security-headers';

/**
 * The <style> elements Book a time's embed writes, which the CSP allows by hash. Cal's are read by
 * running its embed.js in jsdom at both layouts (`mobile` under 768 px), so they match whatever
 * its version writes; Calendly's is the one stylesheet its module carries.
 */

const require = createRequire(import.meta.url);

function styleElements(root: Document | ShadowRoot, found: Set<string>) {
  for (const style of root.querySelectorAll('style')) found.add(style.textContent ?? '');
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) styleElements(element.shadowRoot, found);
}

/** CSP checks a <style> when inserted and again when filled: embed.js inserts empty ones. */
function recordInsertedStyles(window: JSDOM['window'], found: Set<string>) {
  const appendChild = window.Node.prototype.appendChild;
  window.Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (node instanceof window.HTMLStyleElement) found.add(node.textContent ?? '');
    return appendChild.call(this, node) as T;
  };
}

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
    // @calcom/embed-react's snippet and calls, then the script.
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

export function calEmbedInlineStyles(): string[] {
  const embedJs = calEmbedScript();
  return [...new Set([false, true].flatMap((narrow) => calEmbedStyles(embedJs, narrow)))];
}

export function calendlyInlineStyles(): string[] {
  const code = readFileSync(require.resolve('react-calendly/dist/index.es.js'), 'utf8');
  const literal = /var css_248z = ("(?:[^"\\]|\\.)*");/.exec(code)?.[1];
  if (!literal) throw new Error('react-calendly: its stylesheet (css_248z) was not found');
  return [JSON.parse(literal) as string];
}

export function bookingStyleHashes(booking: BookingConfig | null): string[] {
  const styles =
    booking?.provider === 'cal'
      ? calEmbedInlineStyles()
      : booking?.provider === 'calendly'
        ? calendlyInlineStyles()
        : [];
  return styles.map(cspHash).sort();
}
