import {
  START_WEB_CALL,
  WEB_CALL_RESERVATION_SECONDS,
  webCallRefusal,
  type WebCallAnswer,
  type WebCallLimit,
  type WebCallRequest,
  type WebCallReserved,
  type WebCallStarted,
} from '../_shared/contracts/web-call.ts';
import { parseClaim, retryAfter, type Conflict, type Limited } from '../_shared/contracts/claim.ts';
import { businessVariables, variableValuesOf } from '../_shared/contracts/business.ts';
import { businessWebCallOverrides } from '../_shared/contracts/business-call.ts';
import { BOT_CHECK_FAILED, openEndpoint, type PageSettings } from '../_shared/endpoint.ts';
import { budgetAlarm } from '../_shared/budget.ts';
import { createOnVapi, surelyNotCreated, type VapiSettings } from '../_shared/vapi/client.ts';
import type { CreatedWebCall, CreateWebCallBody } from '../_shared/vapi/types.ts';

/**
 * start-web-call: the server starts every demo call, so nothing in the page can start or change
 * one. One claim id gives at most one call: a retry gets the same call, or none. A reservation
 * on intent runs the bot check and limits early, so the press costs only the claim and Vapi.
 */
export interface WebCallSettings extends PageSettings {
  /** As web_call_claim reads them. */
  limits: {
    per_address: number;
    per_address_window: number;
    per_day: number;
    minutes_per_day: number;
    concurrent: number;
  };
  vapi: VapiSettings;
}

/** What web_call_reserve, web_call_press and web_call_claim answer. */
type Claim =
  | { outcome: 'reserved'; expires_in_seconds: number }
  | { outcome: 'unreserved' }
  | { outcome: 'call' }
  | { outcome: 'existing'; status: string; web_call: WebCallAnswer | null }
  | Conflict
  | Limited<WebCallLimit>;

/** The web SDK's WebCall: what the page needs to join. */
function joinable(call: CreatedWebCall): WebCallAnswer {
  return {
    id: call.id,
    webCallUrl: call.webCallUrl,
    ...(call.transport?.callToken ? { transport: { callToken: call.transport.callToken } } : {}),
    ...(call.artifactPlan?.videoRecordingEnabled !== undefined
      ? { artifactPlan: { videoRecordingEnabled: call.artifactPlan.videoRecordingEnabled } }
      : {}),
    assistant: {
      voice: call.assistant?.voice?.provider ? { provider: call.assistant.voice.provider } : {},
    },
  };
}

export function createHandler(settings: WebCallSettings): (request: Request) => Promise<Response> {
  const { vapi, limits } = settings;
  const spent = budgetAlarm(settings);
  const opening = {
    ...START_WEB_CALL,
    origins: settings.origins,
    botCheck: settings.turnstile,
    // A reserved press passed its bot check on intent.
    botCheckWhen: (body: WebCallRequest) => body.step !== 'press',
  };
  const noStore = { 'Cache-Control': 'no-store' };

  return openEndpoint(opening, async (opened) => {
    const { body: request, address, addressSource, answer, refuse, orAnswer } = opened;
    const failed = () => refuse(webCallRefusal('call_failed'));
    const claimRequest = {
      id: request.id,
      client_address: address,
      address_source: addressSource,
      visit_id: request.visit_id,
      max_seconds: vapi.maxCallSeconds,
      limits,
    };
    const reserve = request.step === 'reserve';
    const claim = await orAnswer(
      async () =>
        parseClaim<Claim>(
          reserve
            ? await settings.database('web_call_reserve', {
                ...claimRequest,
                hold_seconds: WEB_CALL_RESERVATION_SECONDS,
              })
            : await settings.database(
                request.step === 'press' ? 'web_call_press' : 'web_call_claim',
                claimRequest,
              ),
          reserve
            ? ['reserved', 'conflict', 'limited']
            : ['unreserved', 'call', 'existing', 'conflict', 'limited'],
        ),
      `the database did not take the ${reserve ? 'reservation' : 'claim'}`,
      failed,
    );
    if (claim.outcome === 'conflict') return refuse(webCallRefusal('bad_request'));
    if (claim.outcome === 'limited') {
      if (claim.limit === 'day') spent('calls', limits.per_day, claim.retry_after);
      if (claim.limit === 'minutes') spent('minutes', limits.minutes_per_day, claim.retry_after);
      return refuse(webCallRefusal('limited', retryAfter(claim)));
    }
    if (claim.outcome === 'reserved') {
      const { expires_in_seconds } = claim;
      return answer(200, { reserved: true, expires_in_seconds } satisfies WebCallReserved, noStore);
    }
    if (claim.outcome === 'unreserved') return refuse(BOT_CHECK_FAILED);

    const started = async (webCall: WebCallAnswer) => {
      const report = await settings.reports.ticketOf(request.id);
      return answer(200, { ...webCall, report } satisfies WebCallStarted, noStore);
    };
    if (claim.outcome === 'existing') {
      return claim.status === 'started' && claim.web_call
        ? await started(claim.web_call)
        : failed();
    }

    const { business } = request;
    const body: CreateWebCallBody = {
      assistantId: vapi.assistantId,
      assistantOverrides: {
        ...(business ? businessWebCallOverrides(business) : {}),
        maxDurationSeconds: vapi.maxCallSeconds,
        ...variableValuesOf(request.variables, business && businessVariables(business)),
        metadata: { visit_id: request.visit_id, web_call_id: request.id },
      },
    };
    const created = await createOnVapi<CreatedWebCall>(vapi, '/call/web', body);
    const webCall = created.ok && created.body.webCallUrl ? joinable(created.body) : null;
    const status = webCall
      ? 'started'
      : !created.ok && surelyNotCreated(created)
        ? 'failed'
        : 'unknown';
    // Until this lands the claim stays 'pending': in progress, never started again.
    settings.background(() =>
      settings
        .database('web_call_record', {
          id: request.id,
          status,
          vapi_call_id: created.ok ? created.body.id : null,
          web_call: webCall,
          error: created.ok ? (webCall ? null : 'Vapi answered no webCallUrl') : created.error,
        })
        .catch((error: unknown) =>
          console.error('start-web-call: could not record the call:', error),
        ),
    );
    if (!webCall) {
      console.error(`start-web-call: ${created.ok ? 'no webCallUrl' : created.error}`);
      return failed();
    }
    return await started(webCall);
  });
}
