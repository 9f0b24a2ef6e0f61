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
 * can act (docs/performance.md, "paint to interactive").
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that led here passed as `state` (null when none). */
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Navigate = (to: To, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);

/** What this router keeps in `history.state`. */
interface HistoryEntry {
  usr: unknown;
  key: string;
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  return typeof value === 'object' && value !== null && 'key' in value && 'usr' in value;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry: unknown = window.history.state;
  return isHistoryEntry(entry)
    ? { pathname, search, hash, state: entry.usr, key: entry.key }
    : { pathname, search, hash, state: null, key: 'default' };
}

/** The path and query of `to` (strings resolve against `from`, as an <a href> would). */
export function createHref(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to === 'string') return to;
  const pathname = to.pathname ?? from.pathname;
  const search = to.search ?? (to.pathname === undefined ? from.search : '');
  const hash = to.hash ?? '';
  const withPrefix = (part: string, prefix: string) =>
    part && !part.startsWith(prefix) ? prefix + part : part;
  return pathname + withPrefix(search, '?') + withPrefix(hash, '#');
}

const newKey = () => Math.random().toString(36).slice(2, 10);

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
    const url = new URL(createHref(to, window.location), window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const entry: HistoryEntry = { usr: state, key: newKey() };
    const path = url.pathname + url.search + url.hash;
    if (replace) window.history.replaceState(entry, '', path);
    else window.history.pushState(entry, '', path);
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
      location: {
        pathname: url.pathname,
        search: url.search,
        hash: url.hash,
        state: null,
        key: 'default',
      },
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

/** A path as the site's routes are written: no trailing slash (except "/"), lower case. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/').toLowerCase();
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
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
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  const from = router?.location ?? { pathname: '/', search: '' };
  return (
    <a
      {...rest}
      target={target}
      href={createHref(to, from)}
      onClick={(event) => {
        onClick?.(event);
        if (!router || browserHandles(event, target)) return;
        event.preventDefault();
        router.navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A Link that knows whether it leads to the current page (`aria-current="page"` then). */
export function NavLink({ className, ...props }: NavLinkProps) {
  const { location } = useRouter();
  const target = normalizePath(createHref(props.to, location).split(/[?#]/)[0] ?? '/');
  const here = normalizePath(location.pathname);
  const isActive = here === target || (target !== '/' && here.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
