/** Every page of the site, for the router, prerender, sitemap, host headers and tests; plain data, so scripts can import it without React. */
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
  { path: '/404', file: '404.html', indexable: false },
] as const;

export type Route = (typeof ROUTES)[number];

export const INDEXABLE_ROUTES = ROUTES.filter(
  (route): route is Extract<Route, { indexable: true }> => route.indexable,
);

export const NOT_FOUND_ROUTE: Route = ROUTES.find((route) => !route.indexable)!;

export function servedPaths(route: Route): string[] {
  if (!route.indexable) return [`/${route.file}`];
  if (route.path === '/') return ['/', `/${route.file}`];
  return [route.path, `${route.path}/`, `/${route.file}`];
}

/** Matched exactly as the host serves it (case included), so the browser never shows a page the host answered 404, or the reverse. */
export function routeForPath(pathname: string): Route {
  return ROUTES.find((route) => servedPaths(route).includes(pathname)) ?? NOT_FOUND_ROUTE;
}
