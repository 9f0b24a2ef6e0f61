/**
 * Goes to request-callback with `follows_lead`, so the function reads the lead's words for the
 * agent and one lead places at most one call. `pressed_ms` is measured as the request leaves.
 */
import { REQUEST_CALLBACK } from '@shared/contracts/callback.ts';
import { createBotCheck, type BotCheckSession } from '@/lib/bot-check';
import { config, siteFunctions } from '@/lib/config';
import { callbackBody, requestCallback, type CallbackOutcome } from '@/lib/request-callback';

let botCheck: BotCheckSession | null = null;

export function prepareCallNow(place: () => HTMLElement | null): void {
  if (!config.turnstile || botCheck) return;
  botCheck = createBotCheck(config.turnstile, place, REQUEST_CALLBACK.action!);
  botCheck
    .prepare()
    .catch((error: unknown) => console.error('Contact form: the bot check did not load', error));
}

export function dropCallNow(): void {
  botCheck?.remove();
  botCheck = null;
}

/** `pressedAt` is performance.now() at the press. Never throws. */
export async function requestCallNow(
  leadId: string,
  phone: string,
  pressedAt: number,
  place: () => HTMLElement | null,
  send: typeof requestCallback = requestCallback,
): Promise<CallbackOutcome> {
  prepareCallNow(place);
  if (!botCheck) return { status: 'failed', detail: 'no bot check is configured' };
  try {
    const captcha = await botCheck.token();
    const outcome = await send(
      callbackBody({
        id: leadId,
        phone,
        consent: true,
        captcha,
        follows_lead: true,
        pressed_ms: Math.round(performance.now() - pressedAt),
      }),
      siteFunctions,
    );
    // A token is single-use: the widget starts on the next one now.
    botCheck.renew();
    return outcome;
  } catch (error) {
    return { status: 'failed', detail: String(error) };
  }
}
