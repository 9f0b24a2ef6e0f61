export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileSettings {
  secret: string;
  verifyUrl: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** Cloudflare's testing secrets: their answers name no real action or hostname. */
export const TESTING_SECRET = /^[123]x0+AA$/;

export const MAX_TOKEN_LENGTH = 2048;

export async function verifyTurnstile(
  token: unknown,
  remoteIp: string | null,
  settings: TurnstileSettings,
  expected?: { action: string; hostnames: readonly string[] },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    return { ok: false, reason: 'missing-input-response' };
  }
  const form = new FormData();
  form.set('secret', settings.secret);
  form.set('response', token);
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    const response = await settings.fetch(settings.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
    });
    if (!response.ok) return { ok: false, reason: `siteverify answered ${response.status}` };
    const outcome = (await response.json()) as Record<string, unknown>;
    if (outcome.success === true) {
      // A token solved for another form, or on another site with the same site key, is refused.
      if (!expected || TESTING_SECRET.test(settings.secret)) return { ok: true };
      if (outcome.action !== expected.action) {
        return { ok: false, reason: `solved for action "${String(outcome.action)}"` };
      }
      if (!expected.hostnames.includes(String(outcome.hostname))) {
        return { ok: false, reason: `solved on ${String(outcome.hostname)}` };
      }
      return { ok: true };
    }
    const codes = Array.isArray(outcome['error-codes']) ? outcome['error-codes'].join(',') : '';
    return { ok: false, reason: codes || 'not successful' };
  } catch (error) {
    return { ok: false, reason: `siteverify unreachable: ${String(error)}` };
  }
}
