/**
 * The CSS a prerendered page needs before its first paint: the rules of the site's stylesheet
 * whose selectors match the page's own markup (with their media queries, keyframes and custom
 * properties), found by Beasties. Inline, they let the page paint with nothing to fetch and less
 * to match; the whole sheet follows after the first paint (added by src/inline/app-loader.ts), for
 * what the app renders later. Every inline rule is in the whole sheet, which comes after it, and
 * nothing the served markup shows lacks a rule, so nothing on the first screen moves when the
 * sheet arrives (CLS stays 0: e2e/performance.spec.ts).
 */
import Beasties from 'beasties';
import { inlineStyles } from './security-headers';

/**
 * Rules kept whatever the markup: the early-press feedback (src/inline/early-capture.ts sets
 * `data-early-pressed` before the app and its stylesheet arrive), and Tailwind's child utilities
 * (`:where(.space-y-2>:not(:last-child))`), which Beasties cannot match: it strips a `:where()`
 * whole before matching a selector, which leaves nothing.
 */
const ALWAYS = [/data-early-pressed/, /^:where\(\.[\w-]+>/];
const SOURCE = '/__critical-source.css';

export async function criticalCss(html: string, css: string): Promise<string> {
  const beasties = new Beasties({
    path: '/',
    publicPath: '/',
    logLevel: 'silent',
    preload: 'body', // (the document it returns is not used: only its <style>)
    pruneSource: false,
    inlineFonts: false,
    fonts: false,
    reduceInlineStyles: false,
    mergeStylesheets: true,
    keyframes: 'critical',
    compress: true,
    allowRules: ALWAYS,
  });
  beasties.readFile = async (file: string) => {
    if (!file.endsWith(SOURCE.slice(1))) throw new Error(`critical CSS: unexpected file ${file}`);
    return css;
  };
  const withLink = html.includes('</head>')
    ? html.replace('</head>', `<link rel="stylesheet" href="${SOURCE}"></head>`)
    : `<head><link rel="stylesheet" href="${SOURCE}"></head>${html}`;
  const out = await beasties.process(withLink);
  // The page's own inline styles came back too; the new one is the last.
  const critical = inlineStyles(out).at(-1);
  if (critical === undefined) throw new Error('critical CSS: Beasties inlined nothing');
  return critical.trim();
}
