import { useEffect, useRef } from 'react';
import { startFunnel } from '@/lib/funnel';
import { useLocation } from '@/lib/router';
import { AppRoutes } from './app-routes';
import { useBookCall } from './home/use-book-call';
import { BookCallContext } from './layout/book-call';

/**
 * A page reached by a link opens at its top, as it would on a full load. The first load is
 * left alone: the browser already places it (at the top, or where a reload left it). It
 * compares with the path it saw last, not with "first run": under StrictMode a dev reload runs
 * effects twice, and the second run is not a navigation.
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Marks the document once React has taken over the prerendered page (tests wait for it). */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('app-interactive');
    // The funnel (when configured) loads now, once the page is the app's, in an idle moment.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void startFunnel(), { timeout: 2000 });
  }, []);
  return null;
}

export function App() {
  // Book a Call for the layout, from the page that owns the contact form.
  return (
    <BookCallContext value={useBookCall()}>
      <MarkHydrated />
      <ScrollToTopOnNavigate />
      <AppRoutes />
    </BookCallContext>
  );
}
