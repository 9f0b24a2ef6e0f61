import { getCountries, type CountryCode } from 'npm:libphonenumber-js@1.13.16/max';
import { site } from '../../../site.config.ts';
import { integer, pageFacingSettings, vapiSettings, type Env } from '../_shared/settings.ts';
import type { CallbackSettings } from './handler.ts';

export function settingsFromEnv(env: Env, fetcher: typeof fetch = fetch): CallbackSettings {
  const { secrets, ...page } = pageFacingSettings(env, fetcher, [
    'VAPI_PRIVATE_KEY',
    'VAPI_PHONE_NUMBER_ID',
    'VAPI_ASSISTANT_ID',
  ]);
  const countries = (env.CALLBACK_COUNTRIES ?? 'US,CA')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const unknown = countries.filter((code) => !getCountries().includes(code as CountryCode));
  if (countries.length === 0 || unknown.length > 0) {
    throw new Error(`CALLBACK_COUNTRIES has codes libphonenumber-js does not know: ${unknown}`);
  }
  return {
    ...page,
    countries: countries as CountryCode[],
    limits: {
      per_number_per_day: integer(env, 'CALLBACK_PER_NUMBER_DAY', 1, 1, 10),
      per_address_per_hour: integer(env, 'CALLBACK_PER_ADDRESS_HOUR', 3, 1, 100),
      per_day: integer(env, 'CALLBACK_DAILY_MAX', 50, 1, 10_000),
      lease_seconds: integer(env, 'CALLBACK_LEASE_SECONDS', 60, 1, 600),
    },
    vapi: { ...vapiSettings(env, fetcher, secrets), phoneNumberId: secrets.VAPI_PHONE_NUMBER_ID },
    // The name the agent says first: site.config.ts's, which the build checks.
    businessName: site.name,
  };
}
