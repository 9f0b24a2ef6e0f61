import assert from 'node:assert/strict';
import { settingsFromEnv } from './settings.ts';

const SECRETS = {
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  VAPI_WEBHOOK_SECRET: 'secret',
};

Deno.test('stores no report of a call the site did not start unless the owner allows some', () => {
  assert.deepEqual(settingsFromEnv(SECRETS).limits, {
    unknown_daily: 0,
    unknown_daily_bytes: 5_000_000,
  });
});

Deno.test('reads the public-key allowance it is given, and refuses nonsense', () => {
  const settings = settingsFromEnv({
    ...SECRETS,
    VAPI_REPORTS_UNKNOWN_DAILY: '200',
    VAPI_REPORTS_UNKNOWN_DAILY_BYTES: '2000000',
  });
  assert.deepEqual(settings.limits, { unknown_daily: 200, unknown_daily_bytes: 2_000_000 });
  for (const [name, value] of [
    ['VAPI_REPORTS_UNKNOWN_DAILY', '-1'],
    ['VAPI_REPORTS_UNKNOWN_DAILY', 'lots'],
    ['VAPI_REPORTS_UNKNOWN_DAILY_BYTES', '1.5'],
    ['VAPI_REPORTS_UNKNOWN_DAILY_BYTES', '2000000000'],
  ]) {
    assert.throws(() => settingsFromEnv({ ...SECRETS, [name!]: value }), new RegExp(name!));
  }
});

Deno.test('caps a report’s call at VAPI_MAX_CALL_SECONDS, the longest call the site starts', () => {
  assert.equal(settingsFromEnv(SECRETS).maxCallSeconds, 180);
  assert.equal(settingsFromEnv({ ...SECRETS, VAPI_MAX_CALL_SECONDS: '300' }).maxCallSeconds, 300);
  assert.throws(
    () => settingsFromEnv({ ...SECRETS, VAPI_MAX_CALL_SECONDS: '86400' }),
    /VAPI_MAX_CALL_SECONDS/,
  );
});
