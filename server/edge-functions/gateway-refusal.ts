/**
 * Hosted Supabase's answer when its gateway's key check (a function's `verify_jwt`) refuses a
 * request, before the function runs: 401 with `{"code": 401, "message": ...}`, a number for a
 * code, and one of two messages (Supabase's troubleshooting guide "Edge Function 401 error
 * response"). The local functions host answers the same, and check:live tells it from a
 * function's own refusal (whose code is a word) by it.
 */
export const GATEWAY_KEY_MESSAGES = {
  missing: 'Missing authorization header',
  invalid: 'Invalid JWT',
} as const;

/** The answer is the gateway's key check, not the function's own. */
export function isGatewayKeyRefusal(status: number, body: unknown): boolean {
  if (status !== 401 || typeof body !== 'object' || body === null) return false;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return code === 401 && Object.values<unknown>(GATEWAY_KEY_MESSAGES).includes(message);
}
