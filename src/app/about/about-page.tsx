import { useEffect } from 'react';
import { about } from '@/content/about';
import { seo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { defineIsland, ServedHtml } from '@/components/served-html';
import { Button } from '@/components/ui/button';
import { useEarlyPress } from '@/lib/early-press';
import { PageShell } from '../layout/page-shell';
import { useBookCallAction } from '../layout/book-call';
import { useDocumentMeta } from '../seo/use-document-meta';

/** The about page's static sections, loaded only for a visitor who arrives from another page. */
export const aboutStory = defineIsland('about-story', () =>
  import('./about-story').then((m) => m.AboutStory),
);

export function AboutPage() {
  useDocumentMeta(seo.about);
  const bookCall = useBookCallAction();
  const ctaPress = useEarlyPress('book-call-cta', () => void bookCall());

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <PageShell>
      <ServedHtml island={aboutStory} />
      <BannerSection id="about-cta-heading" heading={about.cta.heading} body={about.cta.body}>
        <Button {...ctaPress} variant="inverse" onClick={() => void bookCall()}>
          {about.cta.button}
        </Button>
      </BannerSection>
    </PageShell>
  );
}
