/**
 * Server mode (VITE_VAPI_AUTH=server): the page asks the start-web-call function for a call, behind
 * the bot check, and joins the room it answers with. No Vapi key of any kind is in the page.
 * Loaded on intent with the bot check, so its token is usually ready by the press, and asked at
 * the press, so the function's round trip runs while the SDK loads and the microphone prompt
 * shows.
 */
import {
  START_WEB_CALL,
  type WebCallAnswer,
  type WebCallBody,
  type WebCallLimit,
} from '@shared/contracts/web-call.ts';
import { createBotCheck, type BotCheckSession, type TurnstileConfig } from '@/lib/bot-check';
import { callFunction, type FunctionsClient } from '@/lib/functions';

/** Why no call was started: the day's calls are spent, another limit, or a failure. */
export class WebCallError extends Error {
  constructor(
    readonly kind: 'spent' | 'limited' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'WebCallError';
  }
}

/** How long the bot check and the function may take (the call's own 20 s bound the rest). */
export const WEB_CALL_TIMEOUT_MS = 15_000;

/** The limits that mean "no more demo calls today": the page points to the other ways. */
const SPENT: WebCallLimit[] = ['day', 'minutes'];

/**
 * Starts one call on the server: a bot-check token, then the function. A connection that
 * failed is tried once more with the same id (the function answers the same call, or none).
 */
export async function requestWebCall(
  client: FunctionsClient,
  botCheck: BotCheckSession,
  request: Omit<WebCallBody, 'captcha'>,
): Promise<WebCallAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    let captcha: string;
    try {
      captcha = await botCheck.token(WEB_CALL_TIMEOUT_MS);
    } catch (error) {
      throw new WebCallError('failed', `bot check: ${String(error)}`);
    }
    const body: WebCallBody = { ...request, captcha };
    const answer = await callFunction(
      client,
      'start-web-call',
      body,
      AbortSignal.timeout(WEB_CALL_TIMEOUT_MS),
    );
    if (!answer.reached) {
      if (attempt === 0) continue;
      throw new WebCallError('failed', `start-web-call unreachable: ${answer.detail}`);
    }
    const webCall = answer.body as Partial<WebCallAnswer>;
    if (answer.status === 200 && typeof webCall.webCallUrl === 'string') {
      return webCall as WebCallAnswer;
    }
    const { code, limit } = answer.body;
    const detail = `start-web-call answered ${answer.status} ${String(code ?? '')} ${String(limit ?? '')}`;
    if (answer.status === 429) {
      throw new WebCallError(
        SPENT.includes(limit as WebCallLimit) ? 'spent' : 'limited',
        detail.trim(),
      );
    }
    throw new WebCallError('failed', detail.trim());
  }
}

/**
 * The page's server starter: one bot check for the voice button (rendered into `container` on
 * intent, so a token is usually ready by the press) and the site's functions client.
 */
export function createServerStarter(
  turnstile: TurnstileConfig,
  client: FunctionsClient,
  container: () => HTMLElement | null,
) {
  const botCheck = createBotCheck(turnstile, container, START_WEB_CALL.action!);
  return {
    prepare: () => botCheck.prepare(),
    start: (request: Omit<WebCallBody, 'captcha'>) => requestWebCall(client, botCheck, request),
  };
}
