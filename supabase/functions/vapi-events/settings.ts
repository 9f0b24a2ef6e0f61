import { backgroundRunner, serverSettings, type Env } from '../_shared/settings.ts';
import type { VapiEventsSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): VapiEventsSettings {
  const { secrets, database, webhook } = serverSettings(env, fetcher, ['VAPI_WEBHOOK_SECRET']);
  return {
    secret: secrets.VAPI_WEBHOOK_SECRET,
    database,
    webhook,
    background: backgroundRunner(),
  };
}
