/**
 * Token mode (VITE_VAPI_AUTH=token): a short-lived Vapi token from the voice-token Edge
 * Function, behind the bot check, instead of a public key in the page. Started at the press, so
 * it runs while the SDK loads and the microphone prompt shows.
 */
import { renderBotCheck } from '@/lib/turnstile';

export class VoiceTokenError extends Error {
  constructor(
    readonly kind: 'limited' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'VoiceTokenError';
  }
}

export interface VoiceTokenClient {
  functionsUrl: string;
  anonKey: string;
  turnstile: { siteKey: string; scriptUrl: string };
  /** Where the bot check's widget goes. */
  container: () => HTMLElement | null;
  fetch?: typeof fetch;
}

/** How long the token may take, bot check included (the call's own 20 s bound the rest). */
export const TOKEN_TIMEOUT_MS = 15_000;

export async function fetchVoiceToken(client: VoiceTokenClient): Promise<string> {
  const container = client.container();
  if (!container) throw new VoiceTokenError('failed', 'no place for the bot check');
  const check = await renderBotCheck(
    client.turnstile.scriptUrl,
    container,
    client.turnstile.siteKey,
  );
  try {
    const captcha = await check.token(TOKEN_TIMEOUT_MS);
    let response: Response;
    try {
      response = await (client.fetch ?? fetch)(`${client.functionsUrl}/voice-token`, {
        method: 'POST',
        headers: {
          apikey: client.anonKey,
          Authorization: `Bearer ${client.anonKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ captcha }),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new VoiceTokenError('failed', `voice-token unreachable: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as { token?: unknown; code?: unknown };
    if (response.ok && typeof body.token === 'string') return body.token;
    throw new VoiceTokenError(
      response.status === 429 ? 'limited' : 'failed',
      `voice-token answered ${response.status} ${String(body.code ?? '')}`.trim(),
    );
  } finally {
    check.remove();
  }
}
