import { useEffect } from 'react';
import { useNavigate } from '@/lib/router';
import { about } from '@/content/about';
import { brand } from '@/content/brand';
import { seo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { defineIsland, StaticIsland } from '@/components/static-island';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { CONTACT_SECTION_ID } from '../home/contact-section';
import type { ScrollRequest } from '../home/use-scroll-request';
import { homeStory } from '../home/home-page';
import { PageShell } from '../layout/page-shell';
import { useDocumentMeta } from '../seo/use-document-meta';

/** The about page's static sections, loaded only for a visitor who arrives from another page. */
export const aboutStory = defineIsland('about-story', () =>
  import('./about-story').then((m) => m.AboutStory),
);

/** How long Book a Call waits for the landing page's static sections before going anyway. */
const STORY_WAIT_MS = 3_000;

function useBookCall() {
  const navigate = useNavigate();
  return async () => {
    // The landing page's static sections sit above the form: have them before going there, or
    // they would appear after the scroll and push the form out of view. (Prefetched when this
    // page opens; a failed or slow load goes ahead anyway and the page shows a note there.)
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

export function AboutPage() {
  useDocumentMeta(seo.about);
  const bookCall = useBookCall();
  const topBarPress = useEarlyPress('book-call-top', () => void bookCall());
  const ctaPress = useEarlyPress('book-call-cta', () => void bookCall());

  useEffect(() => {
    window.scrollTo(0, 0);
    // Book a Call leads to the landing page: fetch its static sections ahead of time.
    void homeStory.load().catch(() => undefined);
  }, []);

  return (
    <PageShell
      topBarActions={
        <Button {...topBarPress} size="sm" onClick={() => void bookCall()}>
          {brand.nav.bookCall}
        </Button>
      }
    >
      <StaticIsland island={aboutStory} />
      <BannerSection id="about-cta-heading" heading={about.cta.heading} body={about.cta.body}>
        <Button {...ctaPress} variant="inverse" onClick={() => void bookCall()}>
          {about.cta.button}
        </Button>
      </BannerSection>
    </PageShell>
  );
}
