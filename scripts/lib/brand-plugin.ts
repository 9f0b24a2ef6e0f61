import { resolve } from 'node:path';
import { normalizePath, type Plugin } from 'vite';
import { TAB_ICON, TOUCH_ICON, drawIcon, drawSocialCard } from './brand-assets.ts';
import { brandTheme, checkedBrandPalette, type BrandPalette } from './brand-palette.ts';

export interface BrandSite {
  /** site.config.ts's `colors.brand`. */
  brand: string;
  /**
   * The business's name and the first screen's headline, the social card's words. The headline
   * is read when the card is drawn, not when the config loads: a config that imports the copy
   * would restart the dev server on every edit of it instead of updating the page in place.
   */
  name: string;
  headline: () => Promise<string>;
}

/** Where src/content/seo.ts's `socialCard` points. */
export const SOCIAL_CARD_PATH = '/og-image.png';

const ICON_LINK = /(<link rel="icon" href=")([^"]+)(")/;
const THEME_COLOR = /(<meta name="theme-color" content=")[^"]*(")/;

/** So a page names its icon without a request; a template without the link throws. */
export function inlineIconLink(html: string, png: Buffer): string {
  const match = ICON_LINK.exec(html);
  if (match?.[2] !== TAB_ICON.path)
    throw new Error(`index.html has no <link rel="icon" href="${TAB_ICON.path}"> to inline.`);
  const url = `data:image/png;base64,${png.toString('base64')}`;
  return html.replace(ICON_LINK, (_, before: string, _href, after: string) => before + url + after);
}

/** The browser's bar takes brand-900, the colour of the mark's square. */
export function setThemeColor(html: string, palette: BrandPalette): string {
  if (!THEME_COLOR.test(html))
    throw new Error('index.html has no <meta name="theme-color" content="…"> to set.');
  return html.replace(
    THEME_COLOR,
    (_, before: string, after: string) => before + palette[900] + after,
  );
}

/**
 * The brand palette into the stylesheet's theme, the page's theme colour and inlined tab icon,
 * and the icons and social card as files of the client build (the dev server serves them too).
 * Before Tailwind's plugins, which are also `enforce: 'pre'`, so Tailwind reads the added
 * `@theme` block as if the stylesheet had it.
 */
export function brandAssets(site: BrandSite, root: string): Plugin {
  const stylesheet = normalizePath(resolve(root, 'src/styles/index.css'));
  let palette: BrandPalette | undefined;
  const brandPalette = () => (palette ??= checkedBrandPalette(site.brand));
  let card: Promise<Buffer> | undefined;
  const socialCard = () =>
    (card ??= site
      .headline()
      .then((headline) => drawSocialCard({ name: site.name, headline, palette: brandPalette() })));
  let drawn: Promise<Record<string, Buffer>> | undefined;
  const files = () =>
    (drawn ??= socialCard().then((card) => ({
      [TAB_ICON.path]: drawIcon(brandPalette(), TAB_ICON),
      [TOUCH_ICON.path]: drawIcon(brandPalette(), TOUCH_ICON),
      [SOCIAL_CARD_PATH]: card,
    })));

  return {
    name: 'brand-assets',
    enforce: 'pre',
    // A colour that fails the contrast check stops the build and the dev server here.
    configResolved: () => void brandPalette(),
    buildStart() {
      // Drawn while the bundle builds (only the client build ships it); a failure surfaces when
      // generateBundle awaits the same promise.
      if (this.environment.config.consumer === 'client') void socialCard().catch(() => undefined);
    },
    transform: {
      filter: { id: /\/src\/styles\/index\.css(?:\?.*)?$/ },
      handler(code, id) {
        if (id.split('?')[0] !== stylesheet) return;
        return { code: `${code}\n${brandTheme(brandPalette())}`, map: null };
      },
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        inlineIconLink(setThemeColor(html, brandPalette()), drawIcon(brandPalette(), TAB_ICON)),
    },
    async generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const [path, source] of Object.entries(await files()))
        this.emitFile({ type: 'asset', fileName: path.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0];
        if (path !== TAB_ICON.path && path !== TOUCH_ICON.path && path !== SOCIAL_CARD_PATH)
          return next();
        files().then(
          (pictures) => {
            response.setHeader('Content-Type', 'image/png');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(pictures[path]);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
