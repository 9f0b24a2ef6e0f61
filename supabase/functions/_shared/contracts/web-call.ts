import { isUuid } from '../http.ts';
import { parseVariables, parseVisitId, type AgentVariables } from './origin.ts';
import { withBusiness, type Business } from './business.ts';
import { claimRefusals, limitErrorBody } from './claim.ts';
import type { EndpointContract, Parsed } from './refusal.ts';
import type { ReportTicket } from './report-read.ts';

/**
 * start-web-call on the wire (VITE_VAPI_AUTH=server): the page asks for a demo call, the
 * function starts it on Vapi with its own assistant and settings, and the page joins the room it
 * answers with (`vapi.reconnect`). Nothing the page sends can change the call: anything in the
 * body beyond these fields is ignored.
 *
 * Three forms of one body (`webCallStep`):
 * - one request (`call`): a bot-check token in, a call out;
 * - on intent (`reserve`, `intent: true`): the token is checked and the call reserved within the
 *   limits for WEB_CALL_RESERVATION_SECONDS, answered with `WebCallReserved` (no call is made);
 * - at the press (`press`, no `captcha`): the reserved id becomes a call, under the same limits,
 *   answered as the one request is. An id with no live reservation from this client is refused
 *   403 `captcha_failed`, as a missing token is.
 */

export interface WebCallBody {
  /** The page's UUID for one press, reused by a retry of it: one id, at most one call. */
  id: string;
  /** The bot check's token: in the one request and the reservation; none at a reserved press. */
  captcha?: string | null;
  visit_id: string | null;
  /** The calculator's inputs and estimate when it shows one, and the page's trade, for the agent (variableValues). */
  variables: AgentVariables | null;
  /** On intent: reserve this id (the bot check and the limits now, the call at the press). */
  intent?: true;
  /** The visitor's business, which the agent answers as (./business.ts); absent: the generic demo. */
  business?: Business | null;
}

/** How long a reservation waits for its press; then it lapses and counts for nothing. */
export const WEB_CALL_RESERVATION_SECONDS = 60;

/** The answer to a reservation (`intent: true`). */
export interface WebCallReserved {
  reserved: true;
  expires_in_seconds: number;
}

/** Which form a body is: the one request, a reservation on intent, or a reserved press. */
export type WebCallStep = 'call' | 'reserve' | 'press';

export interface WebCallRequest extends Omit<WebCallBody, 'captcha' | 'intent' | 'business'> {
  step: WebCallStep;
  business: Business | null;
}

/** `intent: true` reserves; a body with no `captcha` (absent or null) presses a reservation. */
export function webCallStep(body: Record<string, unknown>): WebCallStep {
  if (body.intent === true) return 'reserve';
  return body.captcha === undefined || body.captcha === null ? 'press' : 'call';
}

/** What the page joins: the web SDK's WebCall, as Vapi created it. */
export interface WebCallAnswer {
  id: string;
  webCallUrl: string;
  transport?: { callToken?: string };
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant: { voice: { provider?: string } };
}

/**
 * The answer to a call (200, the one request and a press, new or a retry's): what the page joins,
 * and beside it the ticket that reads the call's report for the lead card (./report-read.ts).
 */
export type WebCallStarted = WebCallAnswer & { report: ReportTicket };

/** Which limit refused a call: the page says the day's are spent in its own words. */
export type WebCallLimit = 'address' | 'day' | 'minutes' | 'concurrent';

/** A refusal of start-web-call; `limited` names its limit in `details` and has a Retry-After. */
export const webCallRefusal = claimRefusals(
  'Too many demo calls for now. Please try again later.',
  {
    call_failed: [502, 'The demo call could not be started. Please try again.'],
  },
);

export function parseWebCall(body: Record<string, unknown>): Parsed<WebCallRequest> {
  if (!isUuid(body.id)) return webCallRefusal('bad_request');
  return withBusiness(body, {
    id: body.id,
    visit_id: parseVisitId(body.visit_id),
    variables: parseVariables(body.variables),
    step: webCallStep(body),
  });
}

/**
 * start-web-call: the refusal's `details` names the limit (`{code, message, limit}`), or the
 * business's field (`{code: "bad_business", message, details}`).
 */
export const START_WEB_CALL: EndpointContract<WebCallRequest> = {
  name: 'start-web-call',
  action: 'web_call',
  maxBytes: 4 * 1024,
  parse: parseWebCall,
  errorBody: limitErrorBody,
};
