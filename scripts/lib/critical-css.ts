/**
 * The rules of the site's stylesheet a prerendered page's markup uses, found by Beasties, to
 * inline: the page paints with nothing to fetch; the whole sheet, added after the first paint,
 * holds every inline rule, so nothing moves when it arrives.
 */
import Beasties from 'beasties';
import { inlineStyles } from './security-headers';

/**
 * Kept whatever the markup: the early-press feedback (set before the app arrives), and
 * Tailwind's `:where(.space-y-2>…)` child utilities, which Beasties strips whole before matching.
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
