/**
 * Every page the site has: the one list the router, the prerender, the sitemap, the host
 * headers, the bench and the browser tests read. Adding a page means a line here, its
 * component in app-routes.tsx (the type checker asks for it) and its words in src/content/.
 * A trade's page follows from its entry in src/content/trades/index.ts. Plain data, so build scripts
 * and tests can import it without React.
 */
import { trades } from '@/content/trades';

const TRADE_ROUTES = trades.map(
  (trade) =>
    ({ path: trade.path, file: `${trade.path.slice(1)}/index.html`, indexable: true }) as const,
);

export const ROUTES = [
  { path: '/', file: 'index.html', indexable: true },
  ...TRADE_ROUTES,
  { path: '/about-me', file: 'about-me/index.html', indexable: true },
  { path: '/privacy', file: 'privacy/index.html', indexable: true },
  // Served by hosts for any unknown path; never listed in the sitemap.
  { path: '/404', file: '404.html', indexable: false },
] as const;

export type Route = (typeof ROUTES)[number];

/** The pages search engines may list. */
export const INDEXABLE_ROUTES = ROUTES.filter(
  (route): route is Extract<Route, { indexable: true }> => route.indexable,
);

/** The route of the page hosts show for an unknown path (with status 404). */
export const NOT_FOUND_ROUTE: Route = ROUTES.find((route) => !route.indexable)!;

/** The addresses a host serves a page at: `/about-me`, `/about-me/` and its file. */
export function servedPaths(route: Route): string[] {
  if (!route.indexable) return [`/${route.file}`];
  if (route.path === '/') return ['/', `/${route.file}`];
  return [route.path, `${route.path}/`, `/${route.file}`];
}

/**
 * The route whose page a path shows: one answer for the host, the prerender and the browser.
 * A path is matched exactly as the host serves it (case included, no clean-up), so the browser
 * never shows a page the host answered with 404, or the other way round. Anything else is the
 * not-found route.
 */
export function routeForPath(pathname: string): Route {
  return ROUTES.find((route) => servedPaths(route).includes(pathname)) ?? NOT_FOUND_ROUTE;
}
