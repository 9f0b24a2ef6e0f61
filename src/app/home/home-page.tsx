import { afterHoursBanner } from '@/content/banners';
import { seo, tradeSeo } from '@/content/seo';
import { BannerSection } from '@/components/banner-section';
import { ServedHtml } from '@/components/served-html';
import { Button } from '@/components/ui/button';
import { CalculatorSection } from '@/features/calculator/calculator-section';
import { useEarlyPress } from '@/lib/early-press';
import { useTrade } from '@/lib/trade';
import { scrollToSection } from '@/lib/scroll';
import { PageShell } from '../layout/page-shell';
import { useDocumentMeta } from '../seo/use-document-meta';
import { CONTACT_SECTION_ID, ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { homeStory } from './home-story';
import { useScrollRequest } from './use-scroll-request';

export function HomePage() {
  const trade = useTrade();
  useDocumentMeta(trade ? tradeSeo(trade) : seo.home);
  useScrollRequest();
  const toContact = () => scrollToSection(CONTACT_SECTION_ID);
  const bannerPress = useEarlyPress('after-hours-contact', toContact);
  return (
    <PageShell>
      <HeroSection />
      <CalculatorSection />
      <BannerSection
        id="after-hours-heading"
        copy={trade?.afterHours ?? afterHoursBanner}
        belowFold="after-hours"
      >
        <Button {...bannerPress} variant="inverse" onClick={toContact}>
          {afterHoursBanner.button}
        </Button>
      </BannerSection>
      <ServedHtml island={homeStory} variant={trade?.slug} />
      <ContactSection />
    </PageShell>
  );
}
