import { databaseFromKeys, type CallDatabase } from './database.ts';
import { requireAll, type Env } from './env.ts';
import { siteOrigins } from './http.ts';
import { TURNSTILE_VERIFY_URL, type TurnstileSettings } from './turnstile.ts';
import type { WebhookSettings } from './webhook.ts';

/**
 * The settings every function reads the same way, from its secrets (`supabase secrets set`, and
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from Supabase itself): the database, the site's
 * origins, the bot check's secret and the automation webhook. Every missing secret is named in
 * one error, the function's own among them.
 */

export function serverSettings<const N extends string>(
  env: Env,
  fetcher: typeof fetch,
  names: readonly N[],
): { secrets: Record<N, string>; database: CallDatabase; webhook: WebhookSettings } {
  const secrets = requireAll(env, ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', ...names]);
  return {
    secrets: secrets as Record<N, string>,
    database: databaseFromKeys(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, fetcher),
    webhook: { url: env.CONTACT_WEBHOOK_URL?.trim() || null, fetch: fetcher },
  };
}

/** serverSettings, and what a function the site's pages call needs: origins and the bot check. */
export function pageFacingSettings<const N extends string>(
  env: Env,
  fetcher: typeof fetch,
  names: readonly N[],
) {
  const base = serverSettings(env, fetcher, ['SITE_URL', 'TURNSTILE_SECRET_KEY', ...names]);
  const turnstile: TurnstileSettings = {
    secret: base.secrets.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL?.trim() || TURNSTILE_VERIFY_URL,
    fetch: fetcher,
  };
  return { ...base, origins: siteOrigins(base.secrets.SITE_URL), turnstile };
}
