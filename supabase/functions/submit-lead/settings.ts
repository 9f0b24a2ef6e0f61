import { pageFacingSettings, type Env } from '../_shared/settings.ts';
import type { SubmitLeadSettings } from './handler.ts';

/** Its limits live in the database (private.lead_guard_settings). */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): SubmitLeadSettings {
  const { origins, turnstile, database, webhook } = pageFacingSettings(env, fetcher, []);
  return { origins, turnstile, database, webhook };
}
