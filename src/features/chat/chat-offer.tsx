import { intentOffer } from '@/components/intent-panel';
import { chatOffer } from '@/content/chat-offer';
import { config } from '@/lib/config';

/**
 * "Type instead" beside the voice button: opens a chat with the same agent, whose code is fetched
 * on intent (nothing of it is in the first load). Offered wherever the voice demo is configured;
 * a press before the page has taken over opens it once.
 */
export const ChatOffer = intentOffer({
  load: () => import('./chat-panel').then((module) => module.ChatPanel),
  copy: chatOffer,
  earlyKey: 'chat-open',
  offered: () => Boolean(config.vapi),
});
