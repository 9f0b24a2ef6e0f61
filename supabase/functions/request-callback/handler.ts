import { parsePhoneNumberFromString, type CountryCode } from 'npm:libphonenumber-js@1.13.16/max';
import {
  callbackRefusal,
  CALLBACK_RETRY_AFTER_SECONDS,
  LEAD_CALL_WINDOW_SECONDS,
  REQUEST_CALLBACK,
  type CallbackAccepted,
  type CallbackRequest,
  type CallbackWebhook,
} from '../_shared/contracts/callback.ts';
import { callbackCallOverrides } from '../_shared/contracts/callback-call.ts';
import { businessVariables, variableValuesOf } from '../_shared/contracts/business.ts';
import {
  leadCallVariables,
  parseLeadFound,
  type LeadForCall,
} from '../_shared/contracts/lead-call.ts';
import { parseClaim, type Conflict, type Limited } from '../_shared/contracts/claim.ts';
import type { Parsed } from '../_shared/contracts/refusal.ts';
import { openEndpoint, type PageSettings } from '../_shared/endpoint.ts';
import { toPacificReadable } from '../_shared/pacific-time.ts';
import { budgetAlarm } from '../_shared/budget.ts';
import { createOnVapi, surelyNotCreated, type VapiSettings } from '../_shared/vapi/client.ts';
import type { CreateCallBody, VapiCall } from '../_shared/vapi/types.ts';
import { postWebhook } from '../_shared/webhook.ts';

/**
 * request-callback: the agent calls the visitor's phone. The database claims the request id
 * before Vapi is asked, so one id gives at most one call, whatever runs at once.
 */

export interface CallbackSettings extends PageSettings {
  countries: CountryCode[];
  /** As callback_claim reads them. */
  limits: {
    per_number_per_day: number;
    per_address_per_hour: number;
    per_day: number;
    /** How long a claim may stay unrecorded before it counts as a call that may have been placed. */
    lease_seconds: number;
  };
  vapi: VapiSettings & { phoneNumberId: string };
  businessName: string;
  now?: () => Date;
}

interface Callback extends CallbackRequest {
  country: CountryCode;
}

const FAIR_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

const e164 = (typed: string, countries: CountryCode[]) =>
  parsePhoneNumberFromString(typed, countries[0] ?? 'US');

function parseRequest(body: Record<string, unknown>, countries: CountryCode[]): Parsed<Callback> {
  const parsed = REQUEST_CALLBACK.parse(body);
  if (!parsed.ok) return parsed;
  const phone = e164(parsed.value.phone, countries);
  // Only a person's own line. In +1 the type is by area code only: a VoIP line on a geographic
  // code is FIXED_LINE_OR_MOBILE and is rung; only Canada's 600 code is VOIP.
  if (!phone || !phone.isValid() || !FAIR_TYPES.has(phone.getType() ?? '')) {
    return callbackRefusal('invalid_phone');
  }
  if (!phone.country || !countries.includes(phone.country)) {
    return callbackRefusal('country_not_allowed');
  }
  return { ok: true, value: { ...parsed.value, phone: phone.number, country: phone.country } };
}

type Claim =
  | { outcome: 'call' }
  | {
      outcome: 'existing';
      status: 'pending' | 'calling' | 'unknown';
      /** Left pending past its lease (the function stopped mid-call): just now made unknown. */
      lapsed?: boolean;
    }
  | Conflict
  | Limited;

/** Not stored in the window and stored with another number are one refusal: nothing leaks. */
async function leadOf(request: Callback, settings: CallbackSettings): Promise<LeadForCall | null> {
  const found = parseLeadFound(
    await settings.database('callback_lead', {
      id: request.id,
      window_seconds: LEAD_CALL_WINDOW_SECONDS,
    }),
  );
  return found && e164(found.phone, settings.countries)?.number === request.phone ? found : null;
}

/** Has Vapi ring the number, and records what came of it. */
async function placeCall(request: Callback, lead: LeadForCall | null, settings: CallbackSettings) {
  const { vapi } = settings;
  const { business } = request;
  const body: CreateCallBody = {
    assistantId: vapi.assistantId,
    phoneNumberId: vapi.phoneNumberId,
    customer: { number: request.phone },
    assistantOverrides: {
      ...callbackCallOverrides(settings.businessName, business?.business_name ?? null, lead),
      maxDurationSeconds: vapi.maxCallSeconds,
      ...variableValuesOf(
        request.variables,
        lead && leadCallVariables(lead),
        business && businessVariables(business),
      ),
      metadata: { callback_id: request.id, visit_id: request.visit_id },
    },
  };
  const created = await createOnVapi<VapiCall>(vapi, '/call', body);
  // Only a plain 4xx means no call: after anything else (a 5xx from Vapi's edge once its origin
  // placed the call, 408, 429, no answer) this id never calls again.
  const status = created.ok ? 'calling' : surelyNotCreated(created) ? 'failed' : 'unknown';
  // The call stands either way; unrecorded, the row keeps 'pending', which never calls again.
  await settings
    .database('callback_record', {
      id: request.id,
      status,
      vapi_call_id: created.ok ? created.body.id : null,
      error: created.ok ? null : created.error,
    })
    .catch((error: unknown) =>
      console.error('request-callback: could not record the call:', error),
    );
  if (!created.ok) console.error(`request-callback: ${created.error}`);
  return status;
}

export function createHandler(settings: CallbackSettings): (request: Request) => Promise<Response> {
  const spent = budgetAlarm(settings);
  const clock = settings.now ?? (() => new Date());
  const opening = {
    ...REQUEST_CALLBACK,
    parse: (body: Record<string, unknown>) => parseRequest(body, settings.countries),
    origins: settings.origins,
    botCheck: settings.turnstile,
  };
  const report = (request: Callback, status: CallbackWebhook['status'], at: Date) =>
    settings.background(async () => {
      try {
        const payload: CallbackWebhook = {
          type: 'callback',
          id: request.id,
          status,
          phone: request.phone,
          created_at: toPacificReadable(at),
          estimate: request.estimate,
          page: request.page,
          utm: request.utm,
          visit_id: request.visit_id,
          lead_id: request.follows_lead ? request.id : null,
        };
        // The callback's id is the delivery's: a second report of it is skipped by the receiver.
        const delivered = await postWebhook({ id: request.id, payload }, settings.webhook);
        await settings.database('callback_webhook', { id: request.id, delivered });
      } catch (error) {
        console.error('request-callback: the webhook delivery was not recorded:', error);
      }
    });

  return async (incoming) => {
    // Taken before the bot check, which is part of what the visitor waits for.
    const requestedAt = clock();
    return await openEndpoint(opening, async (opened) => {
      const { body: request, address, addressSource, answer, refuse, orAnswer } = opened;
      const now = clock();
      const failed = () => refuse(callbackRefusal('call_failed'));
      const lead = request.follows_lead
        ? await orAnswer(() => leadOf(request, settings), 'could not read the lead', failed)
        : null;
      if (request.follows_lead && !lead) return refuse(callbackRefusal('lead_not_found'));
      const claim = await orAnswer(
        async () =>
          parseClaim<Claim>(
            await settings.database('callback_claim', {
              // The request as parsed: callback_claim reads the columns it stores, not the rest.
              ...request,
              client_address: address,
              address_source: addressSource,
              consent_at: now.toISOString(),
              requested_at: requestedAt.toISOString(),
              lead_id: lead ? request.id : null,
              limits: settings.limits,
            }),
            ['call', 'existing', 'conflict', 'limited'],
          ),
        'the database did not take the request',
        failed,
      );
      if (claim.outcome === 'conflict') return refuse(callbackRefusal('bad_request'));
      if (claim.outcome === 'limited') {
        if (claim.limit === 'day') spent('phone', settings.limits.per_day, claim.retry_after);
        const headers = { 'Retry-After': String(CALLBACK_RETRY_AFTER_SECONDS) };
        return refuse(callbackRefusal('limited', { headers }));
      }

      // Never a second call. A lapsed claim was never reported: it is now.
      const status =
        claim.outcome === 'existing' ? claim.status : await placeCall(request, lead, settings);
      if (status === 'failed') return failed();
      if (claim.outcome === 'call' || claim.lapsed)
        report(request, status === 'calling' ? 'calling' : 'uncertain', now);
      if (status === 'unknown') return refuse(callbackRefusal('call_uncertain'));
      const accepted: CallbackAccepted = {
        status: 'calling',
        id: request.id,
        report: await settings.reports.ticketOf(request.id),
      };
      return answer(202, accepted);
    })(incoming);
  };
}
