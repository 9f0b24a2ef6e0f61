import { useEffect } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { scrollToSection } from '@/lib/scroll';

/** The spec's pause before scrolling to the form, so the page can paint. */
export const BOOK_CALL_SCROLL_DELAY_MS = 100;

export interface ScrollRequest {
  scrollTo: string;
}

function requestedSection(state: unknown): string | null {
  const target = (state as Partial<ScrollRequest> | null)?.scrollTo;
  return typeof target === 'string' ? target : null;
}

/** Forgets the request once honoured, so a reload or a return to this entry does not scroll again. */
export function useScrollRequest(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const target = requestedSection(location.state);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => {
      scrollToSection(target);
      void navigate(location.pathname + location.search + location.hash, {
        replace: true,
        state: null,
      });
    }, BOOK_CALL_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target, navigate, location.pathname, location.search, location.hash]);
}
