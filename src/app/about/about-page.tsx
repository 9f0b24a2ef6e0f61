import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { about } from '@/content/about';
import { brand } from '@/content/brand';
import { seo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { Button } from '@/components/ui/button';
import { scrollToSection } from '@/lib/scroll';
import { CONTACT_SECTION_ID } from '../home/contact-section';
import { PageShell } from '../layout/page-shell';
import { useDocumentMeta } from '../seo/use-document-meta';

/** The spec's pause between landing on / and scrolling to the form, so the page can paint. */
export const BOOK_CALL_SCROLL_DELAY_MS = 100;

function useBookCall() {
  const navigate = useNavigate();
  return () => {
    void navigate('/', { replace: true });
    window.setTimeout(() => scrollToSection(CONTACT_SECTION_ID), BOOK_CALL_SCROLL_DELAY_MS);
  };
}

export function AboutPage() {
  useDocumentMeta(seo.about);
  const bookCall = useBookCall();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <PageShell
      topBarActions={
        <Button size="sm" onClick={bookCall}>
          {brand.nav.bookCall}
        </Button>
      }
    >
      <section
        aria-labelledby="about-heading"
        className="bg-gradient-to-b from-brand-50 to-white px-4 py-14 sm:py-20"
      >
        <div className="mx-auto grid max-w-5xl items-center gap-10 md:grid-cols-[1fr_20rem]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {about.intro.eyebrow}
            </p>
            <h1
              id="about-heading"
              className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
            >
              {about.intro.heading}
            </h1>
            <p className="mt-6 text-lg text-slate-700">{about.intro.body}</p>
          </div>
          <img
            src={about.intro.image.src}
            srcSet={about.intro.image.srcSet}
            sizes="(min-width: 768px) 320px, 256px"
            alt={about.intro.image.alt}
            width={about.intro.image.width}
            height={about.intro.image.height}
            fetchPriority="high"
            decoding="async"
            className="mx-auto aspect-square w-64 rounded-3xl object-cover md:w-80"
          />
        </div>
      </section>
      <section aria-labelledby="personal-heading" className="px-4 py-14 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="personal-heading" className="text-3xl font-bold tracking-tight">
            {about.personal.heading}
          </h2>
          {about.personal.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
      <BannerSection id="about-cta-heading" heading={about.cta.heading} body={about.cta.body}>
        <Button variant="inverse" onClick={bookCall}>
          {about.cta.button}
        </Button>
      </BannerSection>
    </PageShell>
  );
}
