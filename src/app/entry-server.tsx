import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@/lib/router';
import { seo, tradeSeo } from '@/content/seo';
import { trades } from '@/content/trades';
import { loadAllIslands } from '@/components/served-html';
import { loadTrade } from '@/lib/trade';
import { App } from './app';
import { renderHeadTags } from './seo/head-tags';

/** Every route the site prerenders: path in the browser, and the file it becomes in dist/. */
export { ROUTES as PRERENDERED_ROUTES } from './routes';
export { seo };

export async function render(
  path: string,
  siteUrl: string,
): Promise<{ html: string; head: string }> {
  await loadAllIslands();
  // Every trade's words, so its page renders in them synchronously.
  const loaded = await Promise.all(trades.map(loadTrade));
  const trade = loaded.find((candidate) => candidate.path === path);
  const page = trade
    ? tradeSeo(trade)
    : Object.values(seo).find((candidate) => candidate.path === path);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: renderHeadTags(page ?? seo.notFound, siteUrl) };
}
