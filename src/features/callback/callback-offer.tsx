import { intentOffer } from '@/components/intent-panel';
import { callbackOffer } from '@/content/callback-offer';
import { config } from '@/lib/config';

/**
 * "Call my phone" in the hero: a button that opens the callback form, whose code (with
 * libphonenumber-js) is fetched on intent. Offered only when the bot check is configured
 * (VITE_TURNSTILE_SITE_KEY, with the functions deployed); a press before the page has taken over
 * opens it once, like the other controls.
 */
export const CallbackOffer = intentOffer({
  load: () => import('./callback-form').then((module) => module.CallbackForm),
  copy: callbackOffer,
  earlyKey: 'callback-open',
  offered: () => Boolean(config.turnstile),
});
