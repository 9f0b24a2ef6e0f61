import { integer, maxCallSeconds, serverSettings, type Env } from '../_shared/settings.ts';
import type { VapiEventsSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): VapiEventsSettings {
  const { secrets, database, webhook, background } = serverSettings(env, fetcher, [
    'VAPI_WEBHOOK_SECRET',
  ]);
  return {
    secret: secrets.VAPI_WEBHOOK_SECRET,
    database,
    webhook,
    background,
    maxCallSeconds: maxCallSeconds(env),
    limits: {
      unknown_daily: integer(env, 'VAPI_REPORTS_UNKNOWN_DAILY', 0, 0, 100_000),
      unknown_daily_bytes: integer(env, 'VAPI_REPORTS_UNKNOWN_DAILY_BYTES', 5_000_000, 0, 1e9),
    },
  };
}
