/**
 * "Have the agent call me now", loaded when the box is ticked, never on first paint:
 * the bot check for the call (Turnstile, prepared at the tick so its token is usually ready by
 * the press), and the request to the same server step as Call my phone (request-callback), with
 * `follows_lead` and the lead's id as the request's, so the function reads the lead's words for
 * the agent and one lead places at most one call. `pressed_ms` is measured here, as the request
 * leaves: the stopwatch and the owner's figure start at the press of Send Message.
 */
import { REQUEST_CALLBACK } from '@shared/contracts/callback.ts';
import { createBotCheck, type BotCheckSession } from '@/lib/bot-check';
import { config, siteFunctions } from '@/lib/config';
import { callbackBody, requestCallback, type CallbackOutcome } from '@/lib/request-callback';

/*
 * The call's bot check, owned by this module for the page's life: made at the first tick,
 * asked for its next token after each request, removed when the box is unticked.
 */
let botCheck: BotCheckSession | null = null;

/** The box was ticked: the bot check renders into `place` now. */
export function prepareCallNow(place: () => HTMLElement | null): void {
  if (!config.turnstile || botCheck) return;
  botCheck = createBotCheck(config.turnstile, place, REQUEST_CALLBACK.action!);
  botCheck
    .prepare()
    .catch((error: unknown) => console.error('Contact form: the bot check did not load', error));
}

/** The box was unticked: no widget stays on the page. */
export function dropCallNow(): void {
  botCheck?.remove();
  botCheck = null;
}

/**
 * Asks for the call that follows the stored lead `leadId`, to `phone` as typed in the form;
 * `pressedAt` is performance.now() at the press. Never throws.
 */
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
