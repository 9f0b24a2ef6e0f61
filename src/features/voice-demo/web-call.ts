/**
 * Server mode (VITE_VAPI_AUTH=server): the page asks the start-web-call function for a call, behind
 * the bot check, and joins the room it answers with. No Vapi key of any kind is in the page.
 * Loaded on intent with the bot check; once its token is ready the call is reserved (the bot
 * check and the limits passed before the press), and asked for at the press, so the function's
 * round trip (the claim and Vapi's POST) runs while the SDK loads and the microphone prompt shows.
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

/**
 * Why no call was started: the day's calls are spent, another limit, the visitor's business
 * refused, or a failure.
 */
export class WebCallError extends Error {
  constructor(
    readonly kind: 'spent' | 'limited' | 'business' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'WebCallError';
  }
}

/** How long the bot check and the function may take (the call's own 20 s bound the rest). */
const WEB_CALL_TIMEOUT_MS = 15_000;

/** The limits that mean "no more demo calls today": the page points to the other ways. */
const SPENT: WebCallLimit[] = ['day', 'minutes'];

/** A press without a token was refused 403: the function holds no live reservation of it. */
const UNRESERVED = Symbol('unreserved');

/**
 * Asks start-web-call for a call: with a token from `captcha` (the one-request form), or with
 * none (`captcha` null: the press of a reservation). A connection that failed is tried once more
 * with the same id (the function answers the same call, or none); a token is single-use, so each
 * try takes its own.
 */
async function askForCall(
  client: FunctionsClient,
  request: Omit<WebCallBody, 'captcha'>,
  captcha: (() => Promise<string>) | null,
): Promise<WebCallAnswer | typeof UNRESERVED> {
  for (let attempt = 0; ; attempt += 1) {
    let body: WebCallBody = request;
    if (captcha) {
      try {
        body = { ...request, captcha: await captcha() };
      } catch (error) {
        throw new WebCallError('failed', `bot check: ${String(error)}`);
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
      throw new WebCallError('failed', `start-web-call unreachable: ${answer.detail}`);
    }
    const webCall = answer.body as Partial<WebCallAnswer>;
    if (answer.status === 200 && typeof webCall.webCallUrl === 'string') {
      return webCall as WebCallAnswer;
    }
    const { code, limit } = answer.body;
    if (!captcha && answer.status === 403) return UNRESERVED;
    const detail =
      `start-web-call answered ${answer.status} ${String(code ?? '')} ${String(limit ?? '')}`.trim();
    if (answer.status === 429) throw new WebCallError(limitedKind(answer.body, SPENT), detail);
    if (code === BAD_BUSINESS.code) {
      // The server's rule refused the business typed for the agent: its line at its field.
      refuseOwnBusiness(refusedField(answer.body.details));
      throw new WebCallError('business', detail);
    }
    throw new WebCallError('failed', detail);
  }
}

/**
 * How long before the function's own end of a reservation the page stops counting on it (the
 * press's way to the function, and clocks measured from the request's start, not its arrival).
 */
export const RESERVATION_MARGIN_MS = 5_000;

/**
 * How long a press waits for a reservation still on its way; past this it goes on in the
 * one-request form (the reservation, if it lands, lapses unused).
 */
const RESERVATION_WAIT_MS = 5_000;

/** The reservation's end once its answer is in, waiting at most `ms`; null when none came. */
async function settledWithin(held: Reservation, ms: number): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    held.until,
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** A reservation made on intent, for the press to come. */
interface Reservation {
  id: string;
  /** The token it is made with; a press that comes before it is sent takes it instead. */
  token: Promise<string>;
  /** The token was sent with the reservation (a press then waits for its answer). */
  sent: boolean;
  /** The press took the token before it was sent: no reservation is made. */
  taken: boolean;
  /** Until when (Date.now()) the press may count on it; null: refused or failed. */
  until: Promise<number | null>;
  settled: number | null | undefined;
}

/**
 * The page's server starter: one bot check for the voice button (rendered into `container` on
 * intent, so a token is usually ready by the press), the site's functions client, and on intent a
 * reservation of the call (the bot check's siteverify and the limits done before the press), so
 * the press costs only the claim and Vapi's POST. A press with no live reservation (none made,
 * refused, failed, lapsed, or refused at the press) falls back to the one-request form with a
 * fresh token: a reservation never stands in the press's way.
 */
export function createServerStarter(
  turnstile: TurnstileConfig,
  client: FunctionsClient,
  container: () => HTMLElement | null,
  options: { botCheck?: BotCheckSession; now?: () => number } = {},
) {
  const botCheck = options.botCheck ?? createBotCheck(turnstile, container, START_WEB_CALL.action!);
  const now = options.now ?? Date.now;
  let reservation: Reservation | null = null;
  /** A reservation was refused or failed: none again until the next press. */
  let declined = false;

  /** On intent: reserves a call, unless one is live or on its way (or one was declined). */
  function reserve(request: Omit<WebCallBody, 'captcha' | 'id'>): void {
    const held = reservation;
    if (declined) return;
    if (held && (held.settled === undefined || (held.settled !== null && now() < held.settled))) {
      return;
    }
    const id = crypto.randomUUID();
    const token = botCheck.token(WEB_CALL_TIMEOUT_MS);
    const made: Reservation = {
      id,
      token,
      sent: false,
      taken: false,
      settled: undefined,
      until: token.then(
        async (captcha) => {
          if (made.taken) return null;
          made.sent = true;
          const sentAt = now();
          // The next token is asked for now: a press that must fall back finds it ready.
          botCheck.renew();
          const answer = await callFunction(
            client,
            'start-web-call',
            { ...request, id, captcha, intent: true } satisfies WebCallBody,
            AbortSignal.timeout(WEB_CALL_TIMEOUT_MS),
          );
          const reserved = answer.reached ? (answer.body as Partial<WebCallReserved>) : {};
          const seconds = Number(reserved.expires_in_seconds);
          if (
            !answer.reached ||
            answer.status !== 200 ||
            reserved.reserved !== true ||
            !Number.isFinite(seconds)
          ) {
            // Not again until the next press; a refusal that lands after a press is stale.
            if (reservation === made) declined = true;
            return null;
          }
          return sentAt + seconds * 1000 - RESERVATION_MARGIN_MS;
        },
        () => null,
      ),
    };
    void made.until.then((until) => (made.settled = until));
    reservation = made;
  }

  /** At the press: the reservation's press when one is live, else the one-request form. */
  async function start(request: Omit<WebCallBody, 'captcha'>): Promise<WebCallAnswer> {
    const held = reservation;
    reservation = null;
    declined = false;
    /** The token the one-request form's first try takes, when not a fresh one. */
    let first: Promise<string> | null = null;
    if (held && !held.sent && held.settled === undefined) {
      // Its token has not come or gone out yet: the press takes it, in the one-request form. (A
      // token that never came settles the reservation as null: the press then asks afresh.)
      held.taken = true;
      first = held.token;
    } else if (held) {
      // Settled: the press's request leaves now, in the press's own task, before the page
      // renders its Connecting state (a render of tens of ms on a slow phone).
      const until =
        held.settled !== undefined ? held.settled : await settledWithin(held, RESERVATION_WAIT_MS);
      if (until !== null && now() < until) {
        const answer = await askForCall(client, { ...request, id: held.id }, null);
        if (answer !== UNRESERVED) return answer;
      }
    }
    const answer = await askForCall(client, request, () => {
      const token = first ?? botCheck.token(WEB_CALL_TIMEOUT_MS);
      first = null;
      return token;
    });
    if (answer === UNRESERVED) throw new WebCallError('failed', 'start-web-call answered 403');
    return answer;
  }

  return { prepare: () => botCheck.prepare(), reserve, start };
}
