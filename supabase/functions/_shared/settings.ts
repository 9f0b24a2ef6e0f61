import { backgroundRunner } from './background.ts';
import { MAX_CALL_SECONDS } from './contracts/web-call.ts';
import { databaseFromKeys } from './database.ts';
import { isLoopback, siteOrigins } from './http.ts';
import { reportKeys } from './report-key.ts';
import { TESTING_SECRET, TURNSTILE_VERIFY_URL, type TurnstileSettings } from './turnstile.ts';
import { VAPI_API_URL, type VapiSettings } from './vapi/client.ts';
import { webhookSecret } from './webhook.ts';

export type Env = Record<string, string | undefined>;

export class MissingSecrets extends Error {
  constructor(readonly names: string[]) {
    super(`Set these secrets (supabase secrets set NAME=value): ${names.join(', ')}`);
  }
}

/** Every missing name is named in one error. */
export function requireAll<const N extends string>(
  env: Env,
  names: readonly N[],
): Record<N, string> {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new MissingSecrets(missing);
  return Object.fromEntries(names.map((name) => [name, env[name]!.trim()])) as Record<N, string>;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

export function serverSettings<const N extends string>(
  env: Env,
  fetcher: typeof fetch,
  names: readonly N[],
) {
  const url = env.CONTACT_WEBHOOK_URL?.trim() || null;
  // A webhook address comes with its signing secret: no post goes out unsigned.
  const webhookNames = url ? (['CONTACT_WEBHOOK_SECRET'] as const) : [];
  const secrets = requireAll(env, [
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    ...webhookNames,
    ...names,
  ]);
  return {
    secrets: secrets as Record<N, string>,
    database: databaseFromKeys(secrets.SUPABASE_URL, secrets.SUPABASE_SERVICE_ROLE_KEY, fetcher),
    // The service-role key: every deploy has it and no page sees it; rotating it voids the tickets.
    reports: reportKeys(secrets.SUPABASE_SERVICE_ROLE_KEY),
    webhook: url
      ? { url, secret: webhookSecret(env.CONTACT_WEBHOOK_SECRET!), fetch: fetcher }
      : { url: null, fetch: fetcher },
    background: backgroundRunner(),
  };
}

export function pageFacingSettings<const N extends string>(
  env: Env,
  fetcher: typeof fetch,
  names: readonly N[],
) {
  const base = serverSettings(env, fetcher, ['SITE_URL', 'TURNSTILE_SECRET_KEY', ...names]);
  const origins = siteOrigins(base.secrets.SITE_URL);
  // A testing secret passes every token: the local stack's only.
  if (TESTING_SECRET.test(base.secrets.TURNSTILE_SECRET_KEY) && !isLoopback(base.secrets.SITE_URL))
    throw new Error(
      "TURNSTILE_SECRET_KEY is one of Cloudflare's testing secrets, with which every bot check passes: set your Turnstile widget's secret key (supabase secrets set TURNSTILE_SECRET_KEY=...)",
    );
  const turnstile: TurnstileSettings = {
    secret: base.secrets.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL?.trim() || TURNSTILE_VERIFY_URL,
    fetch: fetcher,
  };
  return { ...base, origins, turnstile };
}

/** VAPI_MAX_CALL_SECONDS: the longest call the site lets Vapi run (its maxDurationSeconds). */
export const maxCallSeconds = (env: Env): number =>
  integer(
    env,
    'VAPI_MAX_CALL_SECONDS',
    MAX_CALL_SECONDS.fallback,
    MAX_CALL_SECONDS.min,
    MAX_CALL_SECONDS.max,
  );

export function vapiSettings(
  env: Env,
  fetcher: typeof fetch,
  secrets: { VAPI_PRIVATE_KEY: string; VAPI_ASSISTANT_ID: string },
): VapiSettings {
  return {
    apiUrl: env.VAPI_API_URL?.trim() || VAPI_API_URL,
    privateKey: secrets.VAPI_PRIVATE_KEY,
    assistantId: secrets.VAPI_ASSISTANT_ID,
    maxCallSeconds: maxCallSeconds(env),
    timeoutMs: integer(env, 'VAPI_TIMEOUT_MS', 8_000, 100, 60_000),
    fetch: fetcher,
  };
}

export function vapiPageFacingSettings(env: Env, fetcher: typeof fetch) {
  const { secrets, ...page } = pageFacingSettings(env, fetcher, [
    'VAPI_PRIVATE_KEY',
    'VAPI_ASSISTANT_ID',
  ]);
  return { ...page, vapi: vapiSettings(env, fetcher, secrets) };
}
