import { IntentPanel, lazyPanel } from '@/components/intent-panel';
import { callbackOffer as copy } from '@/content/callback-offer';
import { config } from '@/lib/config';

/** The form's code (with libphonenumber-js), fetched on intent. */
const form = lazyPanel(
  'Call my phone',
  () => import('./callback-form').then((module) => module.CallbackForm),
  copy.unavailable,
);

export interface CallbackOfferProps {
  /** Open or not: the page holds it, so another control (the voice demo's) can open the form. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Call my phone" in the hero: a button that opens the callback form. Offered only when the bot
 * check is configured (VITE_TURNSTILE_SITE_KEY, with the functions deployed); a press before
 * the page has taken over opens it once, like the other controls.
 */
export function CallbackOffer({ open, onOpenChange }: CallbackOfferProps) {
  if (!config.turnstile) return null;
  return (
    <IntentPanel
      panel={form}
      open={open}
      onOpenChange={onOpenChange}
      earlyKey="callback-open"
      label={copy.open}
      hint={copy.openHint}
      opening={copy.opening}
    />
  );
}
