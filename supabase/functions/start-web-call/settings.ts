import { integer, vapiPageFacingSettings, type Env } from '../_shared/settings.ts';
import type { WebCallSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): WebCallSettings {
  return {
    ...vapiPageFacingSettings(env, fetcher),
    limits: {
      per_address: integer(env, 'WEB_CALL_PER_ADDRESS', 3, 1, 100),
      per_address_window: integer(env, 'WEB_CALL_WINDOW_SECONDS', 3600, 60, 86_400),
      per_day: integer(env, 'WEB_CALL_DAILY_MAX', 100, 1, 10_000),
      minutes_per_day: integer(env, 'WEB_CALL_DAILY_MINUTES', 200, 1, 100_000),
      concurrent: integer(env, 'WEB_CALL_CONCURRENT', 3, 1, 100),
    },
  };
}
