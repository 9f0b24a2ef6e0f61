import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppRoutes } from './app-routes';

/** A new page opens at its top, as it would on a full load. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <AppRoutes />
    </>
  );
}
