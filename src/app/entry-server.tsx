import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@/lib/router';
import { seo, type PageSeo } from '@/content/seo';
import { loadAllIslands } from '@/components/static-island';
import { earlyCaptureScript } from '@/lib/early-press';
import { App } from './app';
import { renderHeadTags } from './seo/head-tags';

export { PRERENDERED_ROUTES } from './app-routes';
export { seo };

const PAGE_SEO: Record<string, PageSeo> = {
  [seo.home.path]: seo.home,
  [seo.about.path]: seo.about,
  [seo.privacy.path]: seo.privacy,
};

/** Renders one route to HTML for the build's prerender step. */
export async function render(
  path: string,
  siteUrl: string,
): Promise<{ html: string; head: string }> {
  await loadAllIslands();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  // The early-press capture comes first, so it listens before any control is on screen.
  const capture = `<script>${earlyCaptureScript()}</script>`;
  return { html, head: capture + renderHeadTags(PAGE_SEO[path] ?? seo.notFound, siteUrl) };
}
