/**
 * Server mode: start-web-call starts the call behind the bot check, so no Vapi key is in the page.
 * The call is reserved on intent, so at the press only the claim and Vapi's POST remain, and they
 * run while the SDK loads and the microphone prompt shows.
 */
import {
  START_WEB_CALL,
  type WebCallAnswer,
  type WebCallBody,
  type WebCallLimit,
  type WebCallReserved,
} from '@shared/contracts/web-call.ts';
import { limitedKind } from '@shared/contracts/claim.ts';
import { BAD_BUSINESS } from '@shared/contracts/business.ts';
import { createBotCheck, type BotCheckSession, type TurnstileConfig } from '@/lib/bot-check';
import { callFunction, type FunctionsClient } from '@/lib/functions';
import { refusedField, refuseOwnBusiness } from '@/lib/own-business';

export class WebCallError extends Error {
  constructor(
    readonly kind: 'spent' | 'limited' | 'business' | 'connect',
    detail: string,
  ) {
    super(detail);
    this.name = 'WebCallError';
  }
}

/** Covers the bot check and the function; the call's own 20 s bounds the rest. */
const WEB_CALL_TIMEOUT_MS = 15_000;

const SPENT: WebCallLimit[] = ['day', 'minutes'];

/**
 * `captcha` null: the press of a reservation, answered null when refused 403 (the function holds
 * no live reservation of it). A failed connection is retried once with the same id (the function
 * answers the same call, or none); a token is single-use, so each try takes its own.
 */
async function askForCall(
  client: FunctionsClient,
  request: Omit<WebCallBody, 'captcha'>,
  captcha: (() => Promise<string>) | null,
): Promise<WebCallAnswer | null> {
  for (let attempt = 0; ; attempt += 1) {
    let body: WebCallBody = request;
    if (captcha) {
      try {
        body = { ...request, captcha: await captcha() };
      } catch (error) {
        throw new WebCallError('connect', `bot check: ${String(error)}`);
      }
    }
    const answer = await callFunction(
      client,
      'start-web-call',
      body,
      AbortSignal.timeout(WEB_CALL_TIMEOUT_MS),
    );
    if (!answer.reached) {
      if (attempt === 0) continue;
      throw new WebCallError('connect', `start-web-call unreachable: ${answer.detail}`);
    }
    if (answer.status === 200 && typeof answer.body.webCallUrl === 'string')
      return answer.body as unknown as WebCallAnswer;
    const { code, limit } = answer.body;
    if (!captcha && answer.status === 403) return null;
    const detail =
      `start-web-call answered ${answer.status} ${String(code ?? '')} ${String(limit ?? '')}`.trim();
    if (answer.status === 429) throw new WebCallError(limitedKind(answer.body, SPENT), detail);
    if (code === BAD_BUSINESS.code) {
      refuseOwnBusiness(refusedField(answer.body.details));
      throw new WebCallError('business', detail);
    }
    throw new WebCallError('connect', detail);
  }
}

/** Covers the press's trip to the function and clocks started at the request, not its arrival. */
export const RESERVATION_MARGIN_MS = 5_000;

/** Past this, the press goes on without the reservation, which lapses unused. */
const RESERVATION_WAIT_MS = 5_000;

/** 0 if it has not settled within `ms`. */
async function settledWithin(held: Reservation, ms: number): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    held.until,
    new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), ms))),
  ]).finally(() => clearTimeout(timer));
}

interface Reservation {
  id: string;
  /** Null once sent; a press that comes before takes it instead. */
  token: Promise<string> | null;
  /** Date.now() until which the press may count on it; 0: refused or failed. */
  until: Promise<number>;
  /** `until` once it settles; Infinity while its answer is awaited. */
  settled: number;
}

/** A press with no live reservation falls back to the one-request form: a reservation never stands in its way. */
export function createServerStarter(
  turnstile: TurnstileConfig,
  client: FunctionsClient,
  container: () => HTMLElement | null,
  options: { botCheck?: BotCheckSession; now?: () => number } = {},
) {
  const botCheck = options.botCheck ?? createBotCheck(turnstile, container, START_WEB_CALL.action!);
  const now = options.now ?? Date.now;
  let reservation: Reservation | null = null;
  let declined = false;

  function reserve(request: Omit<WebCallBody, 'captcha' | 'id'>): void {
    // Refused since the last press, or on its way or live: it stands.
    if (declined || (reservation && now() < reservation.settled)) return;
    const id = crypto.randomUUID();
    const token = botCheck.token(WEB_CALL_TIMEOUT_MS);
    const made: Reservation = {
      id,
      token,
      settled: Infinity,
      until: token.then(
        async (captcha) => {
          // A press took the token (a press clears the reservation).
          if (reservation !== made) return 0;
          made.token = null;
          const sentAt = now();
          // The next token is asked for now, so a press that must fall back finds it ready.
          botCheck.renew();
          const answer = await callFunction(
            client,
            'start-web-call',
            { ...request, id, captcha, intent: true } satisfies WebCallBody,
            AbortSignal.timeout(WEB_CALL_TIMEOUT_MS),
          );
          const body = (
            answer.reached && answer.status === 200 ? answer.body : {}
          ) as Partial<WebCallReserved>;
          const seconds = body.reserved === true ? Number(body.expires_in_seconds) : NaN;
          if (!Number.isFinite(seconds)) {
            // A refusal that lands after a press is stale.
            if (reservation === made) declined = true;
            return 0;
          }
          return sentAt + seconds * 1000 - RESERVATION_MARGIN_MS;
        },
        () => 0,
      ),
    };
    void made.until.then((until) => (made.settled = until));
    reservation = made;
  }

  async function start(request: Omit<WebCallBody, 'captcha'>): Promise<WebCallAnswer> {
    const held = reservation;
    reservation = null;
    declined = false;
    let first: Promise<string> | null = null;
    if (held?.token && held.settled === Infinity) {
      // Its token has not gone out: the press takes it. (A token that never came settles the
      // reservation as 0, and the press asks afresh.)
      first = held.token;
    } else if (held) {
      // The request leaves in the press's own task, before the Connecting render (tens of ms
      // on a slow phone).
      const until =
        held.settled !== Infinity ? held.settled : await settledWithin(held, RESERVATION_WAIT_MS);
      if (now() < until) {
        const answer = await askForCall(client, { ...request, id: held.id }, null);
        if (answer) return answer;
      }
    }
    // With a token, a 403 is thrown as any other refusal: the answer is never null.
    const answer = await askForCall(client, request, () => {
      const token = first ?? botCheck.token(WEB_CALL_TIMEOUT_MS);
      first = null;
      return token;
    });
    return answer!;
  }

  return { prepare: () => botCheck.prepare(), reserve, start };
}
