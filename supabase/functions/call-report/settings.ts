import { siteOrigins } from '../_shared/http.ts';
import { reportKeysFrom, serverSettings, type Env } from '../_shared/settings.ts';
import type { CallReportSettings } from './handler.ts';

/**
 * The function's settings from its secrets; throws naming every missing one. No bot check and no
 * Vapi: the site's origins, the database, and the report keys, derived from the service-role key
 * as the starts derive them (../_shared/report-key.ts).
 */
export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): CallReportSettings {
  const { secrets, database } = serverSettings(env, fetcher, ['SITE_URL']);
  return {
    origins: siteOrigins(secrets.SITE_URL),
    database,
    reports: reportKeysFrom(env),
  };
}
