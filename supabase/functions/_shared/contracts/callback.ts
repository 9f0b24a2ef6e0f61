import { isUuid } from '../http.ts';
import {
  parseEstimate,
  parsePage,
  parseUtm,
  parseVariables,
  parseVisitId,
  type AgentVariables,
  type Utm,
} from './origin.ts';
import { withBusiness, type Business } from './business.ts';
import { claimRefusals, limitErrorBody } from './claim.ts';
import { CONSENT_VERSIONS, type ConsentVersion } from './consent.ts';
import type { EndpointContract, Parsed } from './refusal.ts';
import type { ReportTicket } from './report-read.ts';

/**
 * request-callback on the wire: the page's body, the function's parser and bounds, its answers,
 * and the automation webhook's JSON for a placed callback. The phone number is read here as
 * typed; the function turns it into E.164 with libphonenumber-js (which the page loads apart).
 */

/** The consent words, by version: ./consent.ts. */
export { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION, type ConsentVersion } from './consent.ts';

export interface CallbackBody {
  /** A client UUID reused on retries: one id, at most one call. */
  id: string;
  /** As typed. */
  phone: string;
  consent: boolean;
  /** Which consent words the visitor was shown (CONSENT_VERSIONS). */
  consent_version: ConsentVersion;
  captcha: string;
  estimate: number | null;
  /** What the agent is told (the calculator's inputs and estimate), or null. */
  variables: AgentVariables | null;
  page: string | null;
  utm: Utm | null;
  visit_id: string | null;
  /** The visitor's business, which the agent answers as (./business.ts); absent: the owner's. */
  business?: Business | null;
  /**
   * The contact form's "Have the agent call me now": this call follows the lead whose
   * id is `id` (the lead's own id, so one lead places at most one call). The function reads the
   * lead's name, company and message from the database for the call's variables
   * (./lead-call.ts), and `phone` must be the lead's number. Absent or false: Call my phone.
   */
  follows_lead?: boolean;
  /**
   * How long before sending this the visitor pressed (Send Message, or Call me), in whole ms as
   * the page measured it (0 to PRESSED_MS_MAX): the stopwatch and the owner's figure start at the
   * press. Absent: at the request.
   */
  pressed_ms?: number;
}

/** The longest `pressed_ms` a request may say (a press two minutes before is not this call's). */
export const PRESSED_MS_MAX = 120_000;

/** The longest number as typed. */
export const PHONE_MAX_LENGTH = 40;

/** A refusal of request-callback: its status, code and words (the page shows its own). */
export const callbackRefusal = claimRefusals(
  'Too many calls were asked for. Please try again later, or send the form.',
  {
    invalid_phone: [400, 'That is not a mobile or landline number we can call.'],
    consent_required: [400, 'Tick the box to agree to one call from our AI agent.'],
    country_not_allowed: [400, 'The agent can only call numbers in the countries we serve.'],
    call_failed: [502, 'The call could not be placed. Please try again, or send the form.'],
    // Vapi did not say (a 5xx, 408, 429, or no answer): the call may have been placed, and this
    // request never places another.
    call_uncertain: [
      502,
      'The call may have been placed. If the phone does not ring within a minute, send the form.',
    ],
    // A call that follows a lead (`follows_lead`) names a lead that is not stored, is older than
    // LEAD_CALL_WINDOW_SECONDS, or has another number.
    lead_not_found: [400, 'The message this call follows was not found.'],
  },
);

export type CallbackCode = Parameters<typeof callbackRefusal>[0];

/**
 * The answer to an accepted request: the call is being placed; `report` reads its report for the
 * lead card (./report-read.ts).
 */
export interface CallbackAccepted {
  status: 'calling';
  id: string;
  report: ReportTicket;
}

/**
 * The body as parsed: `phone` still as typed (at most PHONE_MAX_LENGTH characters), and the
 * words of the consent version it names.
 */
export type CallbackRequest = Omit<
  CallbackBody,
  'captcha' | 'consent' | 'consent_version' | 'business' | 'follows_lead' | 'pressed_ms'
> & {
  consent_text: string;
  business: Business | null;
  follows_lead: boolean;
  /** 0 when the page did not say. */
  pressed_ms: number;
};

/** How long after a lead is stored a call may still follow it. */
export const LEAD_CALL_WINDOW_SECONDS = 600;

/** `pressed_ms` as stored: a whole number of ms within [0, PRESSED_MS_MAX]; else 0. */
function parsePressedMs(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.round(Math.min(Math.max(value, 0), PRESSED_MS_MAX))
    : 0;
}

export function parseCallback(body: Record<string, unknown>): Parsed<CallbackRequest> {
  if (!isUuid(body.id)) return callbackRefusal('bad_request');
  if (body.consent !== true) return callbackRefusal('consent_required');
  const version = body.consent_version;
  if (typeof version !== 'string' || !Object.hasOwn(CONSENT_VERSIONS, version)) {
    return callbackRefusal('bad_request');
  }
  if (typeof body.phone !== 'string' || body.phone.length > PHONE_MAX_LENGTH) {
    return callbackRefusal('invalid_phone');
  }
  return withBusiness(body, {
    id: body.id,
    phone: body.phone,
    consent_text: CONSENT_VERSIONS[version as ConsentVersion],
    estimate: parseEstimate(body.estimate),
    variables: parseVariables(body.variables),
    page: parsePage(body.page),
    utm: parseUtm(body.utm),
    visit_id: parseVisitId(body.visit_id),
    follows_lead: body.follows_lead === true,
    pressed_ms: parsePressedMs(body.pressed_ms),
  });
}

/**
 * request-callback (the function turns the number into E.164 after this parser); a refusal's
 * body is `{code, message}`, with `details` naming the field of a `bad_business`.
 */
export const REQUEST_CALLBACK: EndpointContract<CallbackRequest> = {
  name: 'request-callback',
  action: 'callback',
  maxBytes: 8 * 1024,
  parse: parseCallback,
  errorBody: limitErrorBody,
};

/**
 * How long a refused request is told to wait, whichever limit refused it: the same for every
 * limit, so a refusal says nothing of when a number was asked for before.
 */
export const CALLBACK_RETRY_AFTER_SECONDS = 3600;

/** What the automation webhook receives for a placed callback (or one that may have been). */
export interface CallbackWebhook extends Pick<
  CallbackRequest,
  'id' | 'estimate' | 'page' | 'utm' | 'visit_id'
> {
  type: 'callback';
  /** calling: Vapi took the call; uncertain: Vapi did not say, the phone may ring. */
  status: 'calling' | 'uncertain';
  /** E.164. */
  phone: string;
  /** Readable Pacific time. */
  created_at: string;
  /**
   * The lead this call follows (the contact form's "Have the agent call me now": the lead's id,
   * the same as `id`), so the owner's automation joins the call to the lead; null for Call my
   * phone.
   */
  lead_id: string | null;
}
