import { databaseFromKeys } from '../_shared/database.ts';
import { integer, requireAll, type Env } from '../_shared/env.ts';
import { TURNSTILE_VERIFY_URL } from '../_shared/turnstile.ts';
import { MAX_TTL_SECONDS, type VoiceTokenSettings } from './handler.ts';

/** The function's settings from its secrets; throws naming every missing one. */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): VoiceTokenSettings {
  const secrets = requireAll(env, [
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'VAPI_PRIVATE_KEY',
    'VAPI_ORG_ID',
    'VAPI_ASSISTANT_ID',
    'TURNSTILE_SECRET_KEY',
    'SITE_URL',
  ]);
  return {
    siteOrigin: new URL(secrets.SITE_URL).origin,
    orgId: secrets.VAPI_ORG_ID,
    assistantId: secrets.VAPI_ASSISTANT_ID,
    privateKey: secrets.VAPI_PRIVATE_KEY,
    ttlSeconds: integer(env, 'VOICE_TOKEN_TTL_SECONDS', MAX_TTL_SECONDS, 60, MAX_TTL_SECONDS),
    limits: {
      perAddress: integer(env, 'VOICE_TOKEN_PER_ADDRESS', 10, 1, 1_000),
      perAddressWindowSeconds: integer(env, 'VOICE_TOKEN_WINDOW_SECONDS', 600, 60, 86_400),
      perDay: integer(env, 'VOICE_TOKEN_DAILY_MAX', 500, 1, 100_000),
    },
    turnstile: {
      secret: secrets.TURNSTILE_SECRET_KEY,
      verifyUrl: env.TURNSTILE_VERIFY_URL?.trim() || TURNSTILE_VERIFY_URL,
      fetch: fetcher,
    },
    database: databaseFromKeys(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, fetcher),
  };
}
