import { afterHoursBanner, repeatBanner } from '@/content/banners';
import { seo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { Button } from '@/components/ui/button';
import { CalculatorSection } from '@/features/calculator/calculator-section';
import { scrollToSection } from '@/lib/scroll';
import { PageShell } from '../layout/page-shell';
import { useDocumentMeta } from '../seo/use-document-meta';
import { CONTACT_SECTION_ID, ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { ServicesSection } from './services-section';
import { StepsSection } from './steps-section';
import { TestimonialsSection } from './testimonials-section';

export function HomePage() {
  useDocumentMeta(seo.home);
  return (
    <PageShell>
      <HeroSection />
      <CalculatorSection />
      <BannerSection
        id="after-hours-heading"
        heading={afterHoursBanner.heading}
        body={afterHoursBanner.body}
      >
        <Button variant="inverse" onClick={() => scrollToSection(CONTACT_SECTION_ID)}>
          {afterHoursBanner.button}
        </Button>
      </BannerSection>
      <ServicesSection />
      <BannerSection id="repeat-heading" heading={repeatBanner.heading} body={repeatBanner.body} />
      <TestimonialsSection />
      <StepsSection />
      <ContactSection />
    </PageShell>
  );
}
