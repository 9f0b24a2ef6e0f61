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

/** The number is parsed as typed; the function makes it E.164 (libphonenumber-js is large). */
export { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION, type ConsentVersion } from './consent.ts';

export interface CallbackBody {
  /** A client UUID reused on retries: one id, at most one call. */
  id: string;
  phone: string;
  consent: boolean;
  consent_version: ConsentVersion;
  captcha: string;
  estimate: number | null;
  variables: AgentVariables | null;
  page: string | null;
  utm: Utm | null;
  visit_id: string | null;
  business?: Business | null;
  /** The contact form's "Have the agent call me now": `id` is the lead's, so one lead, one call. */
  follows_lead?: boolean;
  /** The stopwatch and the owner's figure start at the press, this long before the request. */
  pressed_ms?: number;
}

/** A press two minutes before is not this call's. */
export const PRESSED_MS_MAX = 120_000;

export const PHONE_MAX_LENGTH = 40;

export const callbackRefusal = claimRefusals(
  'Too many calls were asked for. Please try again later, or send the form.',
  {
    invalid_phone: [400, 'That is not a mobile or landline number we can call.'],
    consent_required: [400, 'Tick the box to agree to one call from our AI agent.'],
    country_not_allowed: [400, 'The agent can only call numbers in the countries we serve.'],
    call_failed: [502, 'The call could not be placed. Please try again, or send the form.'],
    call_uncertain: [
      502,
      'The call may have been placed. If the phone does not ring within a minute, send the form.',
    ],
    lead_not_found: [400, 'The message this call follows was not found.'],
  },
);

export type CallbackCode = Parameters<typeof callbackRefusal>[0];

export interface CallbackAccepted {
  status: 'calling';
  id: string;
  report: ReportTicket;
}

export type CallbackRequest = Omit<
  CallbackBody,
  'captcha' | 'consent' | 'consent_version' | 'business' | 'follows_lead' | 'pressed_ms'
> & {
  consent_text: string;
  business: Business | null;
  follows_lead: boolean;
  pressed_ms: number;
};

export const LEAD_CALL_WINDOW_SECONDS = 600;

const parsePressedMs = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.round(Math.min(Math.max(value, 0), PRESSED_MS_MAX))
    : 0;

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

export const REQUEST_CALLBACK: EndpointContract<CallbackRequest> = {
  name: 'request-callback',
  action: 'callback',
  maxBytes: 8 * 1024,
  parse: parseCallback,
  errorBody: limitErrorBody,
};

/** One wait for every limit, so a refusal says nothing of when a number was asked for before. */
export const CALLBACK_RETRY_AFTER_SECONDS = 3600;

export interface CallbackWebhook extends Pick<
  CallbackRequest,
  'id' | 'estimate' | 'page' | 'utm' | 'visit_id'
> {
  type: 'callback';
  status: 'calling' | 'uncertain';
  phone: string;
  /** Readable Pacific time. */
  created_at: string;
  lead_id: string | null;
}
