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
import { openEndpoint, type Opened, type PageSettings } from '../_shared/endpoint.ts';
import { toPacificReadable } from '../_shared/pacific-time.ts';
import type { ReportKeys } from '../_shared/report-key.ts';
import { backgroundRunner } from '../_shared/background.ts';
import { budgetAlarm } from '../_shared/budget.ts';
import { createOnVapi, surelyNotCreated, type VapiSettings } from '../_shared/vapi/client.ts';
import type { CreateCallBody, VapiCall } from '../_shared/vapi/types.ts';
import { postWebhook, type WebhookSettings } from '../_shared/webhook.ts';

/**
 * request-callback: the agent calls the visitor's phone. Parse, check, claim, call, answer:
 * the number becomes E.164 (libphonenumber-js) in an allowed country, the consent box must be
 * ticked, the bot check must pass, the database claims the request id within the limits (so one
 * id gives at most one call, whatever runs at once), then Vapi's POST /call places the call with
 * the private key. The wire contract: ../_shared/contracts/callback.ts; docs/contracts.md.
 * A call that follows a lead (`follows_lead`, the contact form's "Have the agent call me now")
 * first reads that lead (public.callback_lead): stored within LEAD_CALL_WINDOW_SECONDS, with the
 * same number; its name, company and message become the call's variables and its greeting
 * (../_shared/contracts/lead-call.ts).
 */

export interface CallbackSettings extends PageSettings {
  countries: CountryCode[];
  limits: {
    perNumberPerDay: number;
    perAddressPerHour: number;
    perDay: number;
    /** How long a claim may stay unrecorded before it counts as a call that may have been placed. */
    leaseSeconds: number;
  };
  vapi: VapiSettings & { phoneNumberId: string };
  /** The business the agent names in its first words (BUSINESS_NAME). */
  businessName: string;
  webhook: WebhookSettings;
  /** The tickets that read a call's report (../_shared/report-key.ts). */
  reports: ReportKeys;
  now?: () => Date;
}

/** A callback to place: the contract's request with the number in E.164 and its country. */
interface Callback extends CallbackRequest {
  country: CountryCode;
}

/** The number types that are a person's own line (libphonenumber's getType). */
const FAIR_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/** A number as typed in E.164, read as the request's is (the first country its default). */
const e164 = (typed: string, countries: CountryCode[]) =>
  parsePhoneNumberFromString(typed, countries[0] ?? 'US');

/** The contract's parser, then the number: valid, a person's line, in an allowed country. */
function parseRequest(body: Record<string, unknown>, countries: CountryCode[]): Parsed<Callback> {
  const parsed = REQUEST_CALLBACK.parse(body);
  if (!parsed.ok) return parsed;
  const phone = e164(parsed.value.phone, countries);
  // Only numbers fair to ring: no premium-rate, toll-free, shared-cost, personal, VoIP or pager
  // number as libphonenumber-js classes it. In US and Canada (+1) that is by area code only: a
  // VoIP line on a geographic area code (most of them) is FIXED_LINE_OR_MOBILE and is rung; only
  // Canada's non-geographic 600 code is VOIP (docs/security.md).
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
      vapi_call_id: string | null;
      /** Left pending past its lease (the function stopped mid-call): just now made unknown. */
      lapsed?: boolean;
    }
  | Conflict
  | Limited;

type Placed =
  { status: 'calling'; vapiCallId: string } | { status: 'failed' | 'unknown'; error: string };

/** Vapi's POST /call for one claimed request (and the lead it follows, if any). */
async function placeCall(
  request: Callback,
  lead: LeadForCall | null,
  settings: CallbackSettings,
): Promise<Placed> {
  const { vapi } = settings;
  const { business } = request;
  const body: CreateCallBody = {
    assistantId: vapi.assistantId,
    phoneNumberId: vapi.phoneNumberId,
    customer: { number: request.phone },
    assistantOverrides: {
      // First words that name the business (the visitor's, as a demo of the owner's; or the
      // owner's, greeting the lead by name) and offer to stop, and the do_not_call tool.
      ...callbackCallOverrides(settings.businessName, business?.business_name ?? null, lead),
      maxDurationSeconds: vapi.maxCallSeconds,
      // The calculator's numbers and the page's trade, the lead's words and the visitor's
      // business over them: built here, from parsed values only.
      ...variableValuesOf(
        request.variables,
        lead && leadCallVariables(lead),
        business && businessVariables(business),
      ),
      metadata: { callback_id: request.id, visit_id: request.visit_id },
    },
  };
  const answer = await createOnVapi<VapiCall>(vapi, '/call', body);
  if (answer.ok) return { status: 'calling', vapiCallId: answer.body.id };
  // Vapi refused it (a 4xx): no call, so a retry of this id may try again. Anything else (a 5xx
  // from its edge after its origin placed the call, 408, 429, no answer): the call may have been
  // placed, so this id never calls again.
  return { status: surelyNotCreated(answer) ? 'failed' : 'unknown', error: answer.error };
}

export function createHandler(settings: CallbackSettings): (request: Request) => Promise<Response> {
  const background = settings.background ?? backgroundRunner();
  const spent = budgetAlarm({ ...settings, background });
  const opening = {
    ...REQUEST_CALLBACK,
    parse: (body: Record<string, unknown>) => parseRequest(body, settings.countries),
    origins: settings.origins,
    botCheck: settings.turnstile,
  };

  /** The callback's webhook (type "callback"), after the answer, with its delivery recorded. */
  const report = (request: Callback, status: CallbackWebhook['status'], at: Date) =>
    background(async () => {
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
        // The callback's id is the delivery's: a second report of it (a lapsed claim met again)
        // is the same message to the owner's automation, which skips an id it has seen.
        const delivered = await postWebhook({ id: request.id, payload }, settings.webhook);
        await settings.database('callback_webhook', { id: request.id, delivered });
      } catch (error) {
        console.error('request-callback: the webhook delivery was not recorded:', error);
      }
    });

  const clock = settings.now ?? (() => new Date());
  /**
   * The lead a callback follows, or why not: not stored within the window, or stored with another
   * number, is one refusal (lead_not_found), so a request learns nothing of which.
   */
  const leadOf = async (
    request: Callback,
  ): Promise<{ ok: true; lead: LeadForCall } | { ok: false; code: 'lead_not_found' }> => {
    const found = parseLeadFound(
      await settings.database('callback_lead', {
        id: request.id,
        window_seconds: LEAD_CALL_WINDOW_SECONDS,
      }),
    );
    if (!found || e164(found.phone, settings.countries)?.number !== request.phone) {
      return { ok: false, code: 'lead_not_found' };
    }
    const { name, company, message } = found;
    return { ok: true, lead: { name, company, message } };
  };

  /** After the opening: the lead (if any), the claim, the call, the answer. */
  const handle = async (
    { body: request, address, addressSource, answer, refuse }: Opened<Callback>,
    requestedAt: Date,
  ): Promise<Response> => {
    // Its answer carries the ticket that reads the call's report (the callback's row id).
    const accepted = async (): Promise<CallbackAccepted> => ({
      status: 'calling',
      id: request.id,
      report: await settings.reports.ticketOf(request.id),
    });
    const now = clock();
    let lead: LeadForCall | null = null;
    if (request.follows_lead) {
      try {
        const read = await leadOf(request);
        if (!read.ok) return refuse(callbackRefusal(read.code));
        lead = read.lead;
      } catch (error) {
        console.error('request-callback: could not read the lead:', error);
        return refuse(callbackRefusal('call_failed'));
      }
    }
    let claim: Claim;
    try {
      const claimed = await settings.database('callback_claim', {
        id: request.id,
        phone: request.phone,
        country: request.country,
        client_address: address,
        address_source: addressSource,
        consent_text: request.consent_text,
        consent_at: now.toISOString(),
        estimate: request.estimate,
        variables: request.variables,
        page: request.page,
        utm: request.utm,
        visit_id: request.visit_id,
        requested_at: requestedAt.toISOString(),
        pressed_ms: request.pressed_ms,
        lead_id: lead ? request.id : null,
        limits: {
          per_number_per_day: settings.limits.perNumberPerDay,
          per_address_per_hour: settings.limits.perAddressPerHour,
          per_day: settings.limits.perDay,
          lease_seconds: settings.limits.leaseSeconds,
        },
      });
      claim = parseClaim<Claim>(claimed, ['call', 'existing', 'conflict', 'limited']);
    } catch (error) {
      console.error('request-callback: the database did not take the request:', error);
      return refuse(callbackRefusal('call_failed'));
    }

    if (claim.outcome === 'conflict') return refuse(callbackRefusal('bad_request'));
    if (claim.outcome === 'limited') {
      // The day's calls are spent: the owner hears of it once that day.
      if (claim.limit === 'day') spent('phone', settings.limits.perDay, claim.retry_after);
      const headers = { 'Retry-After': String(CALLBACK_RETRY_AFTER_SECONDS) };
      return refuse(callbackRefusal('limited', { headers }));
    }
    if (claim.outcome === 'existing') {
      // Claimed before: being placed, placed, or perhaps placed. Never a second call. One that
      // lapsed was never reported: the owner hears of it now.
      if (claim.lapsed) report(request, 'uncertain', now);
      if (claim.status === 'unknown') return refuse(callbackRefusal('call_uncertain'));
      return answer(202, await accepted());
    }

    const placed = await placeCall(request, lead, settings);
    try {
      await settings.database('callback_record', {
        id: request.id,
        status: placed.status,
        vapi_call_id: placed.status === 'calling' ? placed.vapiCallId : null,
        error: placed.status === 'calling' ? null : placed.error,
      });
    } catch (error) {
      // The call stands either way; the row keeps 'pending', which never calls again.
      console.error('request-callback: could not record the call:', error);
    }
    if (placed.status !== 'calling') console.error(`request-callback: ${placed.error}`);
    if (placed.status === 'failed') return refuse(callbackRefusal('call_failed'));
    // Placed, or perhaps placed: the owner hears of it either way.
    report(request, placed.status === 'calling' ? 'calling' : 'uncertain', now);
    if (placed.status === 'unknown') return refuse(callbackRefusal('call_uncertain'));
    return answer(202, await accepted());
  };

  // The request's arrival, taken before the opening (and its bot check) runs: the owner's
  // figure counts from the press, and the bot check is part of what the visitor waits for.
  return async (incoming) => {
    const requestedAt = clock();
    return await openEndpoint(opening, (opened) => handle(opened, requestedAt))(incoming);
  };
}
