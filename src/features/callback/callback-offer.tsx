import { intentOffer } from '@/components/intent-panel';
import { callbackOffer } from '@/content/callback-offer';
import { config } from '@/lib/config';

/** Offered only when the bot check is configured, since the call goes through the functions. */
export const CallbackOffer = intentOffer({
  load: () => import('./callback-form').then((module) => module.CallbackForm),
  copy: callbackOffer,
  earlyKey: 'callback-open',
  offered: () => Boolean(config.turnstile),
});
