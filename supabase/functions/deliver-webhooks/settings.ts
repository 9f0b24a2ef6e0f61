import { serverSettings, type Env } from '../_shared/settings.ts';
import type { DeliverWebhooksSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): DeliverWebhooksSettings {
  const { database, webhook } = serverSettings(env, fetcher, []);
  // serverSettings has required it.
  return { database, webhook, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!.trim() };
}
