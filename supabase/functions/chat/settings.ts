import { integer, requireAll, vapiPageFacingSettings, type Env } from '../_shared/settings.ts';
import { chatKeys } from './chat-key.ts';
import type { ChatSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): ChatSettings {
  return {
    ...vapiPageFacingSettings(env, fetcher),
    keys: chatKeys(requireAll(env, ['SUPABASE_SERVICE_ROLE_KEY']).SUPABASE_SERVICE_ROLE_KEY),
    limits: {
      per_address: integer(env, 'WEB_CHAT_PER_ADDRESS', 5, 1, 100),
      per_address_window: integer(env, 'WEB_CHAT_WINDOW_SECONDS', 3600, 60, 86_400),
      messages_per_chat: integer(env, 'WEB_CHAT_MESSAGES_PER_CHAT', 20, 1, 200),
      messages_per_day: integer(env, 'WEB_CHAT_DAILY_MESSAGES', 500, 1, 100_000),
    },
  };
}
