import { isUuid } from '../http.ts';
import {
  parseEstimate,
  parsePage,
  parseUtm,
  parseVariables,
  parseVisitId,
  type EstimateVariables,
  type Utm,
} from './origin.ts';
import { refuse, type Parsed } from './refusal.ts';

/**
 * request-callback on the wire: the page's body, the function's parser and bounds, its answers,
 * and the automation webhook's JSON for a placed callback. The phone number is read here as
 * typed; the function turns it into E.164 with libphonenumber-js (which the page loads apart).
 */

export interface CallbackBody {
  /** A client UUID reused on retries: one id, at most one call. */
  id: string;
  /** As typed. */
  phone: string;
  consent: boolean;
  /** The consent words the visitor was shown. */
  consent_text: string;
  captcha: string;
  estimate: number | null;
  /** What the agent is told (the calculator's inputs and estimate), or null. */
  variables: EstimateVariables | null;
  page: string | null;
  utm: Utm | null;
  visit_id: string | null;
}

/** The largest body request-callback reads. */
export const CALLBACK_MAX_BYTES = 8 * 1024;
/** The longest number as typed, and the longest consent text. */
export const PHONE_MAX_LENGTH = 40;
export const CONSENT_TEXT_MAX_LENGTH = 1000;

export type CallbackCode =
  | 'invalid_phone'
  | 'consent_required'
  | 'country_not_allowed'
  | 'bad_request'
  | 'captcha_failed'
  | 'limited'
  | 'call_failed';

/** The function's words for each refusal (the page shows its own, src/content/callback.ts). */
export const CALLBACK_MESSAGES: Record<CallbackCode, string> = {
  invalid_phone: 'That does not look like a phone number we can call.',
  consent_required: 'Tick the box to agree to one call from our AI agent.',
  country_not_allowed: 'The agent can only call numbers in the countries we serve.',
  bad_request: 'The request was not understood.',
  captcha_failed: 'The bot check did not pass. Please try again.',
  limited: 'Too many calls were asked for. Please try again later, or send the form.',
  call_failed: 'The call could not be placed. Please try again, or send the form.',
};

const STATUS: Record<CallbackCode, number> = {
  invalid_phone: 400,
  consent_required: 400,
  country_not_allowed: 400,
  bad_request: 400,
  captcha_failed: 403,
  limited: 429,
  call_failed: 502,
};

/** A refusal of request-callback: its status, code and words. */
export const callbackRefusal = (code: CallbackCode, headers?: Record<string, string>) => ({
  ...refuse(STATUS[code], code, CALLBACK_MESSAGES[code]),
  ...(headers ? { headers } : {}),
});

/** The answer to an accepted request: the call is being placed. */
export interface CallbackAccepted {
  status: 'calling';
  id: string;
}

/** The body as parsed; `phone` still as typed, at most PHONE_MAX_LENGTH characters. */
export type CallbackRequest = Omit<CallbackBody, 'captcha' | 'consent'>;

export function parseCallback(body: Record<string, unknown>): Parsed<CallbackRequest> {
  if (!isUuid(body.id)) return callbackRefusal('bad_request');
  if (body.consent !== true) return callbackRefusal('consent_required');
  const consentText = typeof body.consent_text === 'string' ? body.consent_text.trim() : '';
  if (consentText.length === 0 || consentText.length > CONSENT_TEXT_MAX_LENGTH) {
    return callbackRefusal('bad_request');
  }
  if (typeof body.phone !== 'string' || body.phone.length > PHONE_MAX_LENGTH) {
    return callbackRefusal('invalid_phone');
  }
  return {
    ok: true,
    value: {
      id: body.id,
      phone: body.phone,
      consent_text: consentText,
      estimate: parseEstimate(body.estimate),
      variables: parseVariables(body.variables),
      page: parsePage(body.page),
      utm: parseUtm(body.utm),
      visit_id: parseVisitId(body.visit_id),
    },
  };
}

/** What the automation webhook receives for a placed callback. */
export interface CallbackWebhook {
  type: 'callback';
  id: string;
  /** E.164. */
  phone: string;
  /** Readable Pacific time. */
  created_at: string;
  estimate: number | null;
  page: string | null;
  utm: Utm | null;
  visit_id: string | null;
}
