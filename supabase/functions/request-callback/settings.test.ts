import assert from 'node:assert/strict';
import { MissingSecrets } from '../_shared/settings.ts';
import { VAPI_API_URL } from '../_shared/vapi/client.ts';
import { site } from '../../../site.config.ts';
import { settingsFromEnv } from './settings.ts';

const SECRETS = {
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  VAPI_PRIVATE_KEY: 'private',
  VAPI_PHONE_NUMBER_ID: 'phone',
  VAPI_ASSISTANT_ID: 'assistant',
  TURNSTILE_SECRET_KEY: 'secret',
  SITE_URL: 'https://www.example.com/path',
};

Deno.test('names every missing secret at once', () => {
  assert.throws(
    () => settingsFromEnv({ SUPABASE_URL: 'https://x.supabase.co' }),
    (error: unknown) =>
      error instanceof MissingSecrets &&
      error.names.toSorted().join(',') ===
        'SITE_URL,SUPABASE_SERVICE_ROLE_KEY,TURNSTILE_SECRET_KEY,VAPI_ASSISTANT_ID,VAPI_PHONE_NUMBER_ID,VAPI_PRIVATE_KEY',
  );
});

Deno.test(
  'takes the design defaults: US and Canada, 1 per number a day, 3 per address an hour, 50 a day',
  () => {
    const settings = settingsFromEnv(SECRETS);
    assert.deepEqual(settings.countries, ['US', 'CA']);
    assert.deepEqual(settings.limits, {
      per_number_per_day: 1,
      per_address_per_hour: 3,
      per_day: 50,
      lease_seconds: 60,
    });
    assert.equal(settings.vapi.apiUrl, VAPI_API_URL);
    assert.equal(settings.vapi.maxCallSeconds, 180);
    assert.deepEqual(settings.origins, ['https://www.example.com']);
    assert.equal(settings.webhook.url, null);
  },
);

Deno.test('names the business as site.config.ts does, with no secret of its own', () => {
  assert.equal(settingsFromEnv(SECRETS).businessName, site.name);
});

Deno.test('reads the limits and countries it is given, and refuses nonsense', () => {
  const settings = settingsFromEnv({
    ...SECRETS,
    CALLBACK_COUNTRIES: 'us, gb',
    CALLBACK_DAILY_MAX: '20',
    VAPI_MAX_CALL_SECONDS: '120',
  });
  assert.deepEqual(settings.countries, ['US', 'GB']);
  assert.equal(settings.limits.per_day, 20);
  assert.equal(settings.vapi.maxCallSeconds, 120);
  assert.throws(() => settingsFromEnv({ ...SECRETS, CALLBACK_COUNTRIES: 'XX' }), /XX/);
  assert.throws(
    () => settingsFromEnv({ ...SECRETS, CALLBACK_DAILY_MAX: '-1' }),
    /CALLBACK_DAILY_MAX/,
  );
  assert.throws(
    () => settingsFromEnv({ ...SECRETS, VAPI_MAX_CALL_SECONDS: '6000' }),
    /VAPI_MAX_CALL_SECONDS/,
  );
});

Deno.test('a webhook address needs its signing secret, a whsec_ key the library accepts', () => {
  const url = 'https://hooks.example.com/lead';
  const secret = `whsec_${btoa('k'.repeat(32))}`;
  assert.throws(
    () => settingsFromEnv({ ...SECRETS, CONTACT_WEBHOOK_URL: url }),
    (error: unknown) =>
      error instanceof MissingSecrets && error.names.join(',') === 'CONTACT_WEBHOOK_SECRET',
  );
  assert.throws(
    () =>
      settingsFromEnv({ ...SECRETS, CONTACT_WEBHOOK_URL: url, CONTACT_WEBHOOK_SECRET: 'hunter2' }),
    /CONTACT_WEBHOOK_SECRET must be "whsec_"/,
  );
  const settings = settingsFromEnv({
    ...SECRETS,
    CONTACT_WEBHOOK_URL: url,
    CONTACT_WEBHOOK_SECRET: secret,
  });
  assert.equal(settings.webhook.url, url);
  assert.equal(settings.webhook.secret, secret);
  // No address: no delivery, and no secret asked for.
  assert.equal(settingsFromEnv({ ...SECRETS, CONTACT_WEBHOOK_SECRET: 'unused' }).webhook.url, null);
});
