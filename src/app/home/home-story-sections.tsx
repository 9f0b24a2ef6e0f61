import { BannerSection } from '@/components/banner-section';
import { repeatBanner } from '@/content/banners';
import { CallSamplesSection } from './call-samples-section';
import { ServicesSection } from './services-section';
import { StepsSection } from './steps-section';
import { TestimonialsSection } from './testimonials-section';

export function HomeStorySections() {
  return (
    <>
      <ServicesSection />
      <BannerSection id="repeat-heading" copy={repeatBanner} belowFold="repeat" />
      <TestimonialsSection />
      <CallSamplesSection />
      <StepsSection />
    </>
  );
}
