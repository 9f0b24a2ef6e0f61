import {
  CURRENT_CONSENT_VERSION,
  REQUEST_CALLBACK,
  type CallbackBody,
  type CallbackCode,
} from '@shared/contracts/callback.ts';
import { reportTicketOf, type ReportTicket } from '@shared/contracts/report-read.ts';
import { BAD_BUSINESS, type BusinessField } from '@shared/contracts/business.ts';
import { callFunction, type FunctionsClient } from '@/lib/functions';
import { refusedField } from '@/lib/own-business';
import { agentVariables } from '@/lib/agent-variables';
import { landingUtm, visitEstimate, visitId } from '@/lib/visit';

export type CallbackOutcome =
  | { status: 'accepted'; report: ReportTicket | null }
  | { status: 'invalid'; field: 'phone' | 'consent'; reason: 'phone' | 'consent' | 'country' }
  | { status: 'business'; field: BusinessField }
  | { status: 'botCheck' }
  | { status: 'limited' }
  /** Vapi did not say whether it placed the call: this request places no other. */
  | { status: 'uncertain' }
  | { status: 'failed'; detail: string };

/** The function waits for Vapi at most 8 s itself. */
const CALLBACK_TIMEOUT_MS = 20_000;

const REFUSALS: Partial<Record<CallbackCode, CallbackOutcome>> = {
  invalid_phone: { status: 'invalid', field: 'phone', reason: 'phone' },
  country_not_allowed: { status: 'invalid', field: 'phone', reason: 'country' },
  consent_required: { status: 'invalid', field: 'consent', reason: 'consent' },
  captcha_failed: { status: 'botCheck' },
  limited: { status: 'limited' },
  call_uncertain: { status: 'uncertain' },
};

export function callbackBody(
  given: Pick<CallbackBody, 'id' | 'phone' | 'consent' | 'captcha'> & Partial<CallbackBody>,
): CallbackBody {
  return {
    consent_version: CURRENT_CONSENT_VERSION,
    estimate: visitEstimate()?.estimate ?? null,
    variables: agentVariables(),
    page: window.location.pathname,
    utm: landingUtm(),
    visit_id: visitId(),
    ...given,
  };
}

export async function requestCallback(
  body: CallbackBody,
  client: FunctionsClient,
): Promise<CallbackOutcome> {
  const signal = AbortSignal.timeout(CALLBACK_TIMEOUT_MS);
  const answer = await callFunction(client, REQUEST_CALLBACK.name, body, signal);
  if (!answer.reached) return { status: 'failed', detail: answer.detail };
  if (answer.status === 202) return { status: 'accepted', report: reportTicketOf(answer.body) };
  if (answer.body.code === BAD_BUSINESS.code)
    return { status: 'business', field: refusedField(answer.body.details) };
  const code = String(answer.body.code ?? '') as CallbackCode;
  return REFUSALS[code] ?? { status: 'failed', detail: `${answer.status} ${code}`.trim() };
}
