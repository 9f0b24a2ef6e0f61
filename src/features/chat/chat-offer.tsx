import { IntentPanel, lazyPanel } from '@/components/intent-panel';
import { chatOffer as copy } from '@/content/chat-offer';
import { config } from '@/lib/config';

/** The chat's code, fetched on intent: nothing of it is in the first load. */
const panel = lazyPanel(
  'Chat',
  () => import('./chat-panel').then((module) => module.ChatPanel),
  copy.unavailable,
);

export interface ChatOfferProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Type instead" beside the voice button: opens a chat with the same agent. Offered wherever the
 * voice demo is configured; a press before the page has taken over opens it once.
 */
export function ChatOffer({ open, onOpenChange }: ChatOfferProps) {
  if (!config.vapi) return null;
  return (
    <IntentPanel
      panel={panel}
      open={open}
      onOpenChange={onOpenChange}
      earlyKey="chat-open"
      label={copy.open}
      hint={copy.openHint}
      opening={copy.opening}
    />
  );
}
