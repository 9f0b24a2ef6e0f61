import type { ComponentType } from 'react';
import { trades, type TradePath } from '@/content/trades';
import { PartUnavailable } from '@/components/part-unavailable';
import { lazyOr } from '@/lib/load-once';
import { useLocation, type Location } from '@/lib/router';
import { loadedTrade, loadTrade, TradeContext, type Trade, type TradeEntry } from '@/lib/trade';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPage } from './privacy/privacy-page';
import { routeForPath, type Route } from './routes';

/** The landing page in a trade's words. */
function TradeHome({ trade }: { trade: Trade }) {
  return (
    <TradeContext.Provider value={trade}>
      <HomePage />
    </TradeContext.Provider>
  );
}

/**
 * The attempts to load a trade's words reached by a client-side navigation, one per navigation
 * (the router's location): React renders the same attempt while it waits, and a failed one shows
 * a note with a reload link instead of blanking the site; the next navigation tries afresh.
 */
const attempts = new WeakMap<Location, ComponentType>();

/**
 * A trade's page: the landing page in the trade's words (src/content/trades/). A trade page
 * served as such has its words already (entry-client.tsx loads them before hydrating); a page
 * reached by a link loads them first, and the router's transition keeps the last page on screen
 * meanwhile.
 */
function tradePage(entry: TradeEntry): ComponentType {
  return function TradePage() {
    const location = useLocation();
    const trade = loadedTrade(entry);
    if (trade) return <TradeHome trade={trade} />;
    let Attempt = attempts.get(location);
    if (!Attempt) {
      Attempt = lazyOr(
        () => loadTrade(entry).then((loaded) => () => <TradeHome trade={loaded} />),
        PartUnavailable,
        `The words of ${entry.path} could not be loaded:`,
      );
      attempts.set(location, Attempt);
    }
    return <Attempt />;
  };
}

const TRADE_PAGES = Object.fromEntries(
  trades.map((entry) => [entry.path, tradePage(entry)]),
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
