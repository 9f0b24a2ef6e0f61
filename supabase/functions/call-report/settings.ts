import { siteOrigins } from '../_shared/http.ts';
import { serverSettings, type Env } from '../_shared/settings.ts';
import type { CallReportSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): CallReportSettings {
  const { secrets, database, reports } = serverSettings(env, fetcher, ['SITE_URL']);
  return { origins: siteOrigins(secrets.SITE_URL), database, reports };
}
