import { pageFacingSettings, type Env } from '../_shared/settings.ts';
import type { SubmitLeadSettings } from './handler.ts';

/**
 * The function's settings from its secrets; throws naming every missing one. Its limits live in
 * the database (private.lead_guard_settings: per_address_max, table_max, table_day_max,
 * function_max, function_window); the webhook it posts each lead to is CONTACT_WEBHOOK_URL.
 */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): SubmitLeadSettings {
  const { origins, turnstile, database, webhook } = pageFacingSettings(env, fetcher, []);
  return { origins, turnstile, database, webhook };
}
