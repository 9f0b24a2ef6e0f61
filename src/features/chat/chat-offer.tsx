import { intentOffer } from '@/components/intent-panel';
import { chatOffer } from '@/content/chat-offer';
import { config } from '@/lib/config';

export const ChatOffer = intentOffer({
  load: () => import('./chat-panel').then((module) => module.ChatPanel),
  copy: chatOffer,
  earlyKey: 'chat-open',
  offered: () => Boolean(config.vapi),
});
