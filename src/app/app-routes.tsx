import type { ComponentType } from 'react';
import { trades } from '@/content/trades';
import { PartUnavailable } from '@/components/part-unavailable';
import { lazyOr } from '@/lib/load-once';
import { useLocation, type Location } from '@/lib/router';
import { loadedTrade, loadTrade, TradeContext, type Trade, type TradeEntry } from '@/lib/trade';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPage } from './privacy/privacy-page';
import { routeForPath, type Route } from './routes';

function TradeHome({ trade }: { trade: Trade }) {
  return (
    <TradeContext.Provider value={trade}>
      <HomePage />
    </TradeContext.Provider>
  );
}

/** One load attempt per navigation, so React renders the same one while it waits; a failure shows a reload note, not a blank site. */
const attempts = new WeakMap<Location, ComponentType>();

/** A served trade page has its words already (entry-client.tsx); a link loads them first while the transition keeps the last page on screen. */
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

/** One per route (routes.test.tsx checks). */
export const PAGES: Partial<Record<Route['path'], ComponentType>> = {
  '/': HomePage,
  ...Object.fromEntries(trades.map((entry) => [entry.path, tradePage(entry)])),
  '/about-me': AboutPage,
  '/privacy': PrivacyPage,
  '/404': NotFoundPage,
};

/** As the host served it, so hydration matches. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const Page = PAGES[routeForPath(pathname).path] ?? NotFoundPage;
  return <Page />;
}
