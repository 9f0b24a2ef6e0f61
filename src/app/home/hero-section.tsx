import { useState } from 'react';
import { hero } from '@/content/hero';
import { voice } from '@/content/voice';
import { requestMessagePrefill } from '@/lib/visit';
import { useBookCallAction } from '../layout/book-call';
import { VoiceDemo } from '@/features/voice-demo/voice-demo';
import { CallbackOffer } from '@/features/callback/callback-offer';
import { ChatOffer } from '@/features/chat/chat-offer';
import { LeadCardSlot } from '@/features/lead-card/lead-card-slot';
import { buttonVariants } from '@/components/ui/button';
import { config } from '@/lib/config';
import { useTrade } from '@/lib/trade';
import { defineIsland, ServedHtml } from '@/components/served-html';
import { brand } from '@/content/brand';
import { site } from '../../../site.config';

export const heroArt = defineIsland('hero-art', () =>
  import('./hero-illustration').then((m) => m.HeroIllustration),
);

export const ownBusinessFields = defineIsland('own-business', () =>
  import('./own-business-fields').then((m) => m.OwnBusinessFields),
);

/** "Call the agent": the agent's own number, a tel: link dialling its digits as written. */
export function CallAgentLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className={buttonVariants({ variant: 'secondary', className: 'flex-wrap gap-x-2 gap-y-0' })}
    >
      <span className="whitespace-nowrap">{brand.nav.callAgent}</span>{' '}
      <span className="whitespace-nowrap">{phone}</span>
    </a>
  );
}

export function HeroSection() {
  const bookCall = useBookCallAction();
  const trade = useTrade();
  const words = trade?.hero ?? hero;
  const [chatOpen, setChatOpen] = useState(false);
  const [callbackOpen, setCallbackOpen] = useState(false);
  const bookAfterCall = () => {
    requestMessagePrefill(voice.afterCall.message);
    void bookCall();
  };
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-b from-brand-50 to-white px-4 pt-12 pb-16 sm:pt-20 sm:pb-24"
    >
      {/* From 1024 px the actions sit beside the illustration, so a desktop's first screen shows every way to try the agent. */}
      <div className="mx-auto max-w-3xl text-center lg:grid lg:max-w-6xl lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-center lg:gap-16 lg:text-left">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {words.eyebrow}
          </p>
          <h1
            id="hero-heading"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl xl:text-6xl"
          >
            {words.headline}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700 sm:text-xl lg:mx-0">
            {words.lead}
          </p>
          <div className="mt-10 flex flex-col items-center gap-4 lg:mt-8 lg:items-start">
            <VoiceDemo
              onBookCall={bookAfterCall}
              onTypeInstead={() => setChatOpen(true)}
              onCallMyPhone={config.turnstile ? () => setCallbackOpen(true) : undefined}
            />
            {site.phone && <CallAgentLink phone={site.phone} />}
            <div className="flex w-full flex-col items-center gap-4 lg:flex-row lg:flex-wrap lg:items-start lg:gap-3">
              <ChatOffer open={chatOpen} onOpenChange={setChatOpen} />
              <CallbackOffer open={callbackOpen} onOpenChange={setCallbackOpen} />
              <a
                href={config.demoVideoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'secondary' })}
              >
                {hero.demoButton}
                <span className="sr-only"> ({hero.demoButtonHint})</span>
              </a>
            </div>
            {/* Server mode only: the public-key path has no server to check the business. */}
            {config.vapi?.auth === 'server' ? (
              // One served version per trade, its select preset to it.
              <ServedHtml island={ownBusinessFields} variant={trade?.slug} />
            ) : null}
            <LeadCardSlot />
          </div>
        </div>
        <div className="mt-12 lg:mt-0">
          <ServedHtml island={heroArt} />
        </div>
      </div>
    </section>
  );
}
