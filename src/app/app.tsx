import { useEffect, useRef } from 'react';
import { useLocation } from '@/lib/router';
import { AppRoutes } from './app-routes';

/**
 * A page reached by a link opens at its top, as it would on a full load. The first load is
 * left alone: the browser already places it (at the top, or where a reload left it).
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Marks the document once React has taken over the prerendered page (tests wait for it). */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('app-interactive');
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <MarkHydrated />
      <ScrollToTopOnNavigate />
      <AppRoutes />
    </>
  );
}
