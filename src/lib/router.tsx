import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The site's router: a few static pages, client-side navigation between them with the History
 * API, and the same HTML on the server. It does what the site used React Router (library mode)
 * for, at a fraction of the bytes the first load has to fetch, parse and run before the page
 * can act (docs/performance.md, "paint to interactive"). Which page a path shows is not its
 * business: src/app/routes.ts decides that, for the host and the prerender as well.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that led here passed as `state` (null when none). */
  state: unknown;
}

/** Goes to `to`, a path with its query and hash, resolved as an `<a href>` would be. */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The router keeps a navigation's `state` as the history entry's own state. */
function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as unknown) ?? null };
}

/** The router of the browser: the address bar is the state; Back and Forward work. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    // As a transition: a page whose parts are still loading keeps the old one on screen meanwhile.
    const onPopState = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, { replace = false, state = null } = {}) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const path = url.pathname + url.search + url.hash;
    if (replace) window.history.replaceState(state, '', path);
    else window.history.pushState(state, '', path);
    startTransition(() => setLocation(currentLocation()));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the prerender: one fixed location; navigating is not possible there. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(() => {
    const url = new URL(location, 'http://prerender.invalid');
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null },
      navigate: () => {
        throw new Error('Navigation is not possible while prerendering.');
      },
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component needs a BrowserRouter or StaticRouter above it.');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** Whether a click should be left to the browser (new tab, download, modified click...). */
function browserHandles(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self') ||
    event.currentTarget.hasAttribute('download')
  );
}

/**
 * An <a> that navigates inside the site without reloading it (and works as a plain link; with
 * no router above it, say in a component's own test, it is one).
 */
export function Link({ to, replace, state, onClick, children, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!router || browserHandles(event, rest.target)) return;
        event.preventDefault();
        router.navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}
