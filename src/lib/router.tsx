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
 * A few static pages with History API navigation: it replaces React Router at a fraction of the
 * first load's bytes (docs/performance.md). src/app/routes.ts decides which page a path shows.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/** A path on this site, resolved as an `<a href>` would be. */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as unknown) ?? null };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    // A transition keeps the old page on screen while the new one's parts load.
    const onPopState = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, { replace = false, state = null } = {}) => {
    const url = new URL(to, window.location.href);
    const path = url.pathname + url.search + url.hash;
    if (replace) window.history.replaceState(state, '', path);
    else window.history.pushState(state, '', path);
    startTransition(() => setLocation(currentLocation()));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

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
}

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

/** Works as a plain link with no router above it. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!router || browserHandles(event, rest.target)) return;
        event.preventDefault();
        router.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
