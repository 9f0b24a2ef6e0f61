import { useEffect } from 'react';
import { scrollToSection } from '@/lib/scroll';
import { useLocation, useNavigate } from '@/lib/router';
import { CONTACT_SECTION_ID } from './contact-section';
import { homeStory } from './home-story';
import type { ScrollRequest } from './use-scroll-request';

/** How long Book a Call waits for the landing page's static sections before going anyway. */
const STORY_WAIT_MS = 3_000;

/**
 * Book a Call, from any page: on the landing page it brings the contact form into view; from
 * another page it goes to the landing page (replacing this history entry, as the spec says),
 * which scrolls to the form once it is on screen.
 */
export function useBookCall(): () => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  useEffect(() => {
    // Book a Call leads to the landing page: fetch its static sections ahead of time.
    if (!onHome) void homeStory.load().catch(() => undefined);
  }, [onHome]);

  return async () => {
    if (onHome) return scrollToSection(CONTACT_SECTION_ID);
    // The landing page's static sections sit above the form: have them before going there, or
    // they would appear after the scroll and push the form out of view. (A failed or slow load
    // goes ahead anyway and the page shows a note there.)
    await Promise.race([
      homeStory.load().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STORY_WAIT_MS)),
    ]);
    // The landing page scrolls itself once it is on screen (a timer started here could fire
    // before a slow render has put the form there, and scroll to nothing).
    void navigate('/', {
      replace: true,
      state: { scrollTo: CONTACT_SECTION_ID } satisfies ScrollRequest,
    });
  };
}
