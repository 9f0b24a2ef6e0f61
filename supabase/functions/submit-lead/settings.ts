import { databaseFromKeys } from '../_shared/database.ts';
import { requireAll, type Env } from '../_shared/env.ts';
import { TURNSTILE_VERIFY_URL } from '../_shared/turnstile.ts';
import type { SubmitLeadSettings } from './handler.ts';

/**
 * The function's settings from its secrets; throws naming every missing one. Its limits live in
 * the database (private.lead_guard_settings: per_address_max, function_max, function_window).
 */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): SubmitLeadSettings {
  const secrets = requireAll(env, [
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'TURNSTILE_SECRET_KEY',
    'SITE_URL',
  ]);
  return {
    siteOrigin: new URL(secrets.SITE_URL).origin,
    turnstile: {
      secret: secrets.TURNSTILE_SECRET_KEY,
      verifyUrl: env.TURNSTILE_VERIFY_URL?.trim() || TURNSTILE_VERIFY_URL,
      fetch: fetcher,
    },
    database: databaseFromKeys(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, fetcher),
  };
}
