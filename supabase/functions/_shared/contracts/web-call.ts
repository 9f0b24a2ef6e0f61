import { isUuid } from '../http.ts';
import { parseVariables, parseVisitId, type AgentVariables } from './origin.ts';
import { COMMON_REFUSALS, refusalsOf, type EndpointContract, type Parsed } from './refusal.ts';

/**
 * start-web-call on the wire (VITE_VAPI_AUTH=server): the page asks for a demo call, the
 * function starts it on Vapi with its own assistant and settings, and the page joins the room it
 * answers with (`vapi.reconnect`). Nothing the page sends can change the call: anything in the
 * body beyond these fields is ignored.
 */

export interface WebCallBody {
  /** The page's UUID for one press, reused by a retry of it: one id, at most one call. */
  id: string;
  captcha: string;
  visit_id: string | null;
  /** The calculator's inputs and estimate when it shows one, and the page's trade, for the agent (variableValues). */
  variables: AgentVariables | null;
}

export type WebCallRequest = Omit<WebCallBody, 'captcha'>;

/** What the page joins: the web SDK's WebCall, as Vapi created it. */
export interface WebCallAnswer {
  id: string;
  webCallUrl: string;
  transport?: { callToken?: string };
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant: { voice: { provider?: string } };
}

/** Which limit refused a call: the page says the day's are spent in its own words. */
export type WebCallLimit = 'address' | 'day' | 'minutes' | 'concurrent';

const REFUSALS = {
  ...COMMON_REFUSALS,
  limited: [429, 'Too many demo calls for now. Please try again later.'],
  call_failed: [502, 'The demo call could not be started. Please try again.'],
} as const;

export type WebCallCode = keyof typeof REFUSALS;

/** A refusal of start-web-call; `limited` names its limit in `details` and has a Retry-After. */
export const webCallRefusal = refusalsOf(REFUSALS);

export function parseWebCall(body: Record<string, unknown>): Parsed<WebCallRequest> {
  if (!isUuid(body.id)) return webCallRefusal('bad_request');
  return {
    ok: true,
    value: {
      id: body.id,
      visit_id: parseVisitId(body.visit_id),
      variables: parseVariables(body.variables),
    },
  };
}

/** start-web-call: the refusal's `details` names the limit (`{code, message, limit}`). */
export const START_WEB_CALL: EndpointContract<WebCallRequest> = {
  name: 'start-web-call',
  action: 'web_call',
  maxBytes: 4 * 1024,
  parse: parseWebCall,
  errorBody: ({ code, message, details }) => ({
    code,
    message,
    ...(details ? { limit: details } : {}),
  }),
};
