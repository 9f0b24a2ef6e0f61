import { useEffect, useRef } from 'react';
import { startFunnel } from '@/lib/funnel';
import { useLocation } from '@/lib/router';
import { AppRoutes } from './app-routes';
import { useBookCall } from './home/use-book-call';
import { BookCallContext } from './layout/book-call';

/** Compares with the last path, not "first run": StrictMode runs effects twice on a dev reload. */
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

/** Tests wait for this mark. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('app-interactive');
    // Loaded once the page is the app's, in an idle moment.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void startFunnel(), { timeout: 2000 });
  }, []);
  return null;
}

export function App() {
  return (
    <BookCallContext value={useBookCall()}>
      <MarkHydrated />
      <ScrollToTopOnNavigate />
      <AppRoutes />
    </BookCallContext>
  );
}
