/**
 * Token mode (VITE_VAPI_AUTH=token): a short-lived Vapi token from the voice-token Edge
 * Function, behind the bot check, instead of a public key in the page. Started at the press, so
 * it runs while the SDK loads and the microphone prompt shows.
 */
import type { VoiceTokenBody } from '@shared/contracts/voice-token.ts';
import { createBotCheck, type TurnstileConfig } from '@/lib/bot-check';
import { callFunction, type FunctionsClient } from '@/lib/functions';

export class VoiceTokenError extends Error {
  constructor(
    readonly kind: 'limited' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'VoiceTokenError';
  }
}

export interface VoiceTokenClient extends FunctionsClient {
  turnstile: TurnstileConfig;
  /** Where the bot check's widget goes. */
  container: () => HTMLElement | null;
}

/** How long the token may take, bot check included (the call's own 20 s bound the rest). */
export const TOKEN_TIMEOUT_MS = 15_000;

export async function fetchVoiceToken(client: VoiceTokenClient): Promise<string> {
  const botCheck = createBotCheck(client.turnstile, client.container);
  try {
    let body: VoiceTokenBody;
    try {
      body = { captcha: await botCheck.token(TOKEN_TIMEOUT_MS) };
    } catch (error) {
      throw new VoiceTokenError('failed', `bot check: ${String(error)}`);
    }
    const answer = await callFunction(
      client,
      'voice-token',
      body,
      AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    );
    if (!answer.reached) {
      throw new VoiceTokenError('failed', `voice-token unreachable: ${answer.detail}`);
    }
    const { token, code } = answer.body;
    if (answer.status === 200 && typeof token === 'string') return token;
    throw new VoiceTokenError(
      answer.status === 429 ? 'limited' : 'failed',
      `voice-token answered ${answer.status} ${String(code ?? '')}`.trim(),
    );
  } finally {
    botCheck.remove();
  }
}
