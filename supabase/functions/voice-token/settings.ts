import { integer, pageFacingSettings, type Env } from '../_shared/settings.ts';
import { MAX_TTL_SECONDS, type VoiceTokenSettings } from './handler.ts';

/** The function's settings from its secrets; throws naming every missing one. */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): VoiceTokenSettings {
  const { secrets, origins, turnstile, database } = pageFacingSettings(env, fetcher, [
    'VAPI_PRIVATE_KEY',
    'VAPI_ORG_ID',
    'VAPI_ASSISTANT_ID',
  ]);
  return {
    origins,
    orgId: secrets.VAPI_ORG_ID,
    assistantId: secrets.VAPI_ASSISTANT_ID,
    privateKey: secrets.VAPI_PRIVATE_KEY,
    ttlSeconds: integer(env, 'VOICE_TOKEN_TTL_SECONDS', MAX_TTL_SECONDS, 60, MAX_TTL_SECONDS),
    limits: {
      perAddress: integer(env, 'VOICE_TOKEN_PER_ADDRESS', 10, 1, 1_000),
      perAddressWindowSeconds: integer(env, 'VOICE_TOKEN_WINDOW_SECONDS', 600, 60, 86_400),
      perDay: integer(env, 'VOICE_TOKEN_DAILY_MAX', 500, 1, 100_000),
    },
    turnstile,
    database,
  };
}
