// Deno tests of the settings every page-facing function reads the same way.
import assert from 'node:assert/strict';
import { pageFacingSettings } from './settings.ts';

const SECRETS = {
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAreal-secret',
  SITE_URL: 'https://www.example.com',
};
// Cloudflare's documented testing secrets: always passes, always fails, token already spent.
const TESTING_SECRETS = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
];

Deno.test(
  "refuses Cloudflare's testing secrets for a deployed site: the function does not start",
  () => {
    for (const secret of TESTING_SECRETS) {
      assert.throws(
        () => pageFacingSettings({ ...SECRETS, TURNSTILE_SECRET_KEY: secret }, fetch, []),
        /TURNSTILE_SECRET_KEY is one of Cloudflare's testing secrets/,
      );
    }
    assert.equal(
      pageFacingSettings(SECRETS, fetch, []).turnstile.secret,
      SECRETS.TURNSTILE_SECRET_KEY,
    );
  },
);

Deno.test('takes them for the local stack, at a loopback SITE_URL', () => {
  for (const site of ['http://localhost:4173', 'http://127.0.0.1:4399', 'http://[::1]:4173']) {
    const settings = pageFacingSettings(
      { ...SECRETS, SITE_URL: site, TURNSTILE_SECRET_KEY: TESTING_SECRETS[0] },
      fetch,
      [],
    );
    assert.equal(settings.turnstile.secret, TESTING_SECRETS[0]);
  }
});
