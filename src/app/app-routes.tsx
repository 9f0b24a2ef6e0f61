import type { ComponentType } from 'react';
import { trades, type TradePath } from '@/content/trades';
import { useLocation } from '@/lib/router';
import { TradeContext } from '@/lib/trade';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPage } from './privacy/privacy-page';
import { routeForPath, type Route } from './routes';

/** Every route the site prerenders: path in the browser, and the file it becomes in dist/. */
export { ROUTES as PRERENDERED_ROUTES } from './routes';

/** A trade's page: the landing page in the trade's words (src/content/trades.ts). */
const TRADE_PAGES = Object.fromEntries(
  trades.map((trade) => [
    trade.path,
    function TradePage() {
      return (
        <TradeContext.Provider value={trade}>
          <HomePage />
        </TradeContext.Provider>
      );
    },
  ]),
) as unknown as Record<TradePath, ComponentType>;

/** The page of each route (the type checker asks for one per route). */
const PAGES: Record<Route['path'], ComponentType> = {
  '/': HomePage,
  ...TRADE_PAGES,
  '/about-me': AboutPage,
  '/privacy': PrivacyPage,
  '/404': NotFoundPage,
};

/** The page the route list gives this path: as the host served it, so hydration matches. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const Page = PAGES[routeForPath(pathname).path];
  return <Page />;
}
