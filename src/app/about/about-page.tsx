import { useEffect } from 'react';
import { aboutCta } from '@/content/about-cta';
import { seo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { defineIsland, ServedHtml } from '@/components/served-html';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { openedAtRestoredPosition } from '@/lib/scroll';
import { PageShell } from '../layout/page-shell';
import { useBookCallAction } from '../layout/book-call';
import { useDocumentMeta } from '../seo/use-document-meta';

/** Loaded only for a visitor who arrives from another page. */
export const aboutStory = defineIsland('about-story', () =>
  import('./about-story').then((m) => m.AboutStory),
);

export function AboutPage() {
  useDocumentMeta(seo.about);
  const bookCall = useBookCallAction();
  const ctaPress = useEarlyPress('book-call-cta', () => void bookCall());

  useEffect(() => {
    // The spec's "scrolls to top on load", only over a restored position: an offset on a fresh
    // load is the visitor's own scrolling before take-over.
    if (openedAtRestoredPosition()) window.scrollTo(0, 0);
  }, []);

  return (
    <PageShell>
      <ServedHtml island={aboutStory} />
      <BannerSection id="about-cta-heading" copy={aboutCta}>
        <Button {...ctaPress} variant="inverse" onClick={() => void bookCall()}>
          {aboutCta.button}
        </Button>
      </BannerSection>
    </PageShell>
  );
}
