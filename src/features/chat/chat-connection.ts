import { CHAT } from '@shared/contracts/chat.ts';
import { createBotCheck } from '@/lib/bot-check';
import { config } from '@/lib/config';
import { createPublicKeyChat, createServerChat, type ChatTransport } from './chat-client';

/** A way to the agent for one mount of the panel, and what lets go of it. */
export interface ChatConnection {
  transport: ChatTransport;
  dispose: () => void;
}

/**
 * The chat's way to the agent for this build: the public key, or the server behind the bot
 * check (prepared now, its widget in `botCheckBox`).
 */
export function transportForThisSite(botCheckBox: () => HTMLElement | null): ChatConnection {
  const vapi = config.vapi!;
  if (vapi.auth === 'server') {
    const botCheck = createBotCheck(config.turnstile!, botCheckBox, CHAT.action!);
    botCheck
      .prepare()
      .catch((error: unknown) => console.error('Chat: the bot check did not load', error));
    return {
      transport: createServerChat({
        client: { functionsUrl: config.functionsUrl, anonKey: config.supabaseAnonKey },
        botCheck,
      }),
      dispose: () => botCheck.remove(),
    };
  }
  return {
    transport: createPublicKeyChat({ publicKey: vapi.publicKey, assistantId: vapi.assistantId }),
    dispose: () => undefined,
  };
}
