import {
  integer,
  reportKeysFrom,
  requireAll,
  vapiPageFacingSettings,
  type Env,
} from '../_shared/settings.ts';
import { chatKeys } from './chat-key.ts';
import type { ChatSettings } from './handler.ts';

/**
 * The function's settings from its secrets; throws naming every missing one. The chats' keys are
 * derived from the service-role key (with a label of their own, ./chat-key.ts): a secret every
 * deploy has, never sent to a page. Rotating it voids the keys of the chats under way: their next
 * message is refused, and the page starts a new chat.
 */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): ChatSettings {
  return {
    ...vapiPageFacingSettings(env, fetcher),
    keys: chatKeys(requireAll(env, ['SUPABASE_SERVICE_ROLE_KEY']).SUPABASE_SERVICE_ROLE_KEY),
    reports: reportKeysFrom(env),
    limits: {
      perAddress: integer(env, 'WEB_CHAT_PER_ADDRESS', 5, 1, 100),
      perAddressWindowSeconds: integer(env, 'WEB_CHAT_WINDOW_SECONDS', 3600, 60, 86_400),
      messagesPerChat: integer(env, 'WEB_CHAT_MESSAGES_PER_CHAT', 20, 1, 200),
      messagesPerDay: integer(env, 'WEB_CHAT_DAILY_MESSAGES', 500, 1, 100_000),
    },
  };
}
