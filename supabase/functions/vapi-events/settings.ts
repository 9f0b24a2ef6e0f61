import { databaseFromKeys } from '../_shared/database.ts';
import { backgroundRunner, requireAll, type Env } from '../_shared/env.ts';
import type { VapiEventsSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): VapiEventsSettings {
  const secrets = requireAll(env, [
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'VAPI_WEBHOOK_SECRET',
  ]);
  return {
    secret: secrets.VAPI_WEBHOOK_SECRET,
    database: databaseFromKeys(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, fetcher),
    webhook: { url: env.CONTACT_WEBHOOK_URL?.trim() || null, fetch: fetcher },
    background: backgroundRunner(),
  };
}
