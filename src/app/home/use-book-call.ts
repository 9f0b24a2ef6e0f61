import { useEffect } from 'react';
import { scrollToSection } from '@/lib/scroll';
import { useLocation, useNavigate } from '@/lib/router';
import { CONTACT_SECTION_ID } from './contact-section';
import { homeStory } from './home-story';
import type { ScrollRequest } from './use-scroll-request';

const STORY_WAIT_MS = 3_000;

/** From another page it replaces this history entry (as the spec says), and the landing page scrolls once the form is on screen. */
export function useBookCall(): () => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  useEffect(() => {
    if (!onHome) void homeStory.load().catch(() => undefined);
  }, [onHome]);

  return async () => {
    if (onHome) return scrollToSection(CONTACT_SECTION_ID);
    // The static sections sit above the form: without them they would appear after the scroll
    // and push the form out of view. A failed or slow load goes anyway.
    await Promise.race([
      homeStory.load().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STORY_WAIT_MS)),
    ]);
    // The landing page scrolls itself: a timer here could fire before a slow render put the form there.
    void navigate('/', {
      replace: true,
      state: { scrollTo: CONTACT_SECTION_ID } satisfies ScrollRequest,
    });
  };
}
