import { isUuid } from '../http.ts';
import { parseVariables, parseVisitId, type AgentVariables } from './origin.ts';
import { withBusiness, type Business } from './business.ts';
import { claimRefusals, limitErrorBody } from './claim.ts';
import type { EndpointContract, Parsed } from './refusal.ts';
import type { ReportTicket } from './report-read.ts';

export { MAX_CALL_SECONDS } from './call-length.ts';

/**
 * Nothing the page sends can change the call. A body is one request (`call`), a reservation on
 * intent (`reserve`: the bot check and the limits, no call), or the press of one (`press`, no
 * token); a press with no live reservation is refused as a missing token is.
 */
export interface WebCallBody {
  /** Reused by a retry: one id, at most one call. */
  id: string;
  captcha?: string | null;
  visit_id: string | null;
  variables: AgentVariables | null;
  intent?: true;
  business?: Business | null;
}

/** Then a reservation lapses and counts for nothing. */
export const WEB_CALL_RESERVATION_SECONDS = 60;

export interface WebCallReserved {
  reserved: true;
  expires_in_seconds: number;
}

export interface WebCallRequest extends Omit<WebCallBody, 'captcha' | 'intent' | 'business'> {
  step: 'call' | 'reserve' | 'press';
  business: Business | null;
}

/** The web SDK's WebCall. */
export interface WebCallAnswer {
  id: string;
  webCallUrl: string;
  transport?: { callToken?: string };
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant: { voice: { provider?: string } };
}

export type WebCallStarted = WebCallAnswer & { report: ReportTicket };

export type WebCallLimit = 'address' | 'day' | 'minutes' | 'concurrent';

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
    step:
      body.intent === true
        ? 'reserve'
        : body.captcha === undefined || body.captcha === null
          ? 'press'
          : 'call',
  });
}

export const START_WEB_CALL: EndpointContract<WebCallRequest> = {
  name: 'start-web-call',
  action: 'web_call',
  maxBytes: 4 * 1024,
  parse: parseWebCall,
  errorBody: limitErrorBody,
};
