import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The whole stylesheet Vite wrote, which a local build keeps (its file name in assets/). */
export async function wholeSheetFile(siteDir = '.test-data/site'): Promise<string> {
  const assets = await readdir(join(siteDir, 'assets'));
  const whole = assets.filter((file) => file.endsWith('.css') && !file.startsWith('late-'));
  if (whole.length !== 1)
    throw new Error(`expected one whole stylesheet, found ${whole.join(', ')}`);
  return whole[0]!;
}

/**
 * Each page carries inline part of the site's stylesheet and adds the rest after its first paint
 * (scripts/lib/css-split.ts). What the two parts must give is what the whole sheet gives: this
 * compares, on the page as it is now, every element's computed style (and its ::before, ::after,
 * ::placeholder, ::file-selector-button and ::marker) under the page's two parts and under the
 * whole sheet Vite wrote (a local build keeps it), and returns each difference. The whole sheet
 * is adopted, so it comes after any other stylesheet a library added: compare in states that
 * have none (Book a time's embed adds one).
 */
export async function differencesFromWholeSheet(
  page: Page,
  siteDir = '.test-data/site',
  /** Only the elements inside the first element this selector finds (every element without). */
  within?: string,
): Promise<string[]> {
  const css = await readFile(join(siteDir, 'assets', await wholeSheetFile(siteDir)), 'utf8');
  // The late part has arrived and applies.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some(
      (link) => link.href.includes('/assets/late-') && link.sheet !== null,
    ),
  );
  return page.evaluate(
    ([wholeCss, scope]) => {
      const PSEUDOS = [
        null,
        '::before',
        '::after',
        '::placeholder',
        '::file-selector-button',
        '::marker',
      ] as const;
      const root = scope ? document.querySelector(scope) : document;
      if (!root) throw new Error(`nothing matches ${scope}`);
      const elements = [...root.querySelectorAll('*')].filter(
        (element) => !element.closest('iframe, script, style, head'),
      );
      const name = (element: Element) => {
        const path: string[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
          path.unshift(`${node.localName}${node.id ? `#${node.id}` : ''}:${index}`);
        }
        return path.join('>');
      };
      // What animations drive changes as time passes: left out of the comparison.
      const animated = (element: Element) =>
        new Set(
          element
            .getAnimations({ subtree: false })
            .flatMap(
              (animation) =>
                (animation.effect as KeyframeEffect | null)?.getKeyframes().flatMap(Object.keys) ??
                [],
            )
            .map((property) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
        );
      const snapshot = () =>
        elements.map((element) =>
          PSEUDOS.map((pseudo) => {
            const style = getComputedStyle(element, pseudo);
            const values: Record<string, string> = {};
            for (let i = 0; i < style.length; i += 1) {
              const property = style[i]!;
              values[property] = style.getPropertyValue(property);
            }
            return values;
          }),
        );
      const own = [...document.styleSheets].filter((sheet) => {
        const node = sheet.ownerNode as Element | null;
        if (!node) return false;
        if (node instanceof HTMLLinkElement) return node.href.includes('/assets/late-');
        return (
          node instanceof HTMLStyleElement &&
          node.parentElement === document.head &&
          /^@layer /.test(node.textContent ?? '')
        );
      });
      if (own.length !== 2)
        throw new Error(`expected the inline part and the late part, found ${own.length} sheets`);
      const split = snapshot();
      const wholeSheet = new CSSStyleSheet();
      wholeSheet.replaceSync(wholeCss);
      for (const sheet of own) sheet.disabled = true;
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, wholeSheet];
      const byWhole = snapshot();
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter(
        (sheet) => sheet !== wholeSheet,
      );
      for (const sheet of own) sheet.disabled = false;
      const differences: string[] = [];
      elements.forEach((element, e) => {
        const skip = animated(element);
        PSEUDOS.forEach((pseudo, p) => {
          const a = split[e]![p]!;
          const b = byWhole[e]![p]!;
          for (const property of new Set([...Object.keys(a), ...Object.keys(b)])) {
            if (skip.has(property) || a[property] === b[property]) continue;
            differences.push(
              `${name(element)}${pseudo ?? ''} ${property}: ${a[property]} (split) ≠ ${b[property]} (whole)`,
            );
          }
        });
      });
      return differences;
    },
    [css, within] as const,
  );
}
