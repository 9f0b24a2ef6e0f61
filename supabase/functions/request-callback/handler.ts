import { parsePhoneNumberFromString, type CountryCode } from 'npm:libphonenumber-js@1.13.16/max';
import type { CallDatabase } from '../_shared/database.ts';
import {
  clientAddress,
  corsHeaders,
  fetchWithin,
  isTimeout,
  isUuid,
  json,
  readJsonObject,
} from '../_shared/http.ts';
import { cleanUtm, isSameSitePath } from '../_shared/lead-rules.ts';
import { toPacificReadable } from '../_shared/pacific-time.ts';
import { verifyTurnstile, type TurnstileSettings } from '../_shared/turnstile.ts';
import { postWebhook, type WebhookSettings } from '../_shared/webhook.ts';

/**
 * request-callback: the agent calls the visitor's phone. Parse, check, claim, call, answer:
 * the number becomes E.164 (libphonenumber-js) in an allowed country, the consent box must be
 * ticked, the bot check must pass, the database claims the request id within the limits (so one
 * id gives at most one call, whatever runs at once), then Vapi's POST /call places the call with
 * the private key. Contract: ../../../../shared/design.md, "The server step".
 */

export interface CallbackLimits {
  perNumberPerDay: number;
  perAddressPerHour: number;
  perDay: number;
}

export interface CallbackSettings {
  siteOrigin: string;
  countries: CountryCode[];
  limits: CallbackLimits;
  vapi: {
    apiUrl: string;
    privateKey: string;
    phoneNumberId: string;
    assistantId: string;
    maxCallSeconds: number;
    timeoutMs: number;
  };
  turnstile: TurnstileSettings;
  webhook: WebhookSettings;
  database: CallDatabase;
  fetch: typeof fetch;
  now?: () => Date;
  /** Work to finish after the answer (hosted: EdgeRuntime.waitUntil); tests await it. */
  background?: (work: Promise<unknown>) => void;
}

/** The largest body the function reads. */
export const MAX_BODY_BYTES = 8 * 1024;

export type CallbackCode =
  | 'invalid_phone'
  | 'consent_required'
  | 'country_not_allowed'
  | 'bad_request'
  | 'captcha_failed'
  | 'limited'
  | 'call_failed';

const MESSAGES: Record<CallbackCode, string> = {
  invalid_phone: 'That does not look like a phone number we can call.',
  consent_required: 'Tick the box to agree to one call from our AI agent.',
  country_not_allowed: 'The agent can only call numbers in the countries we serve.',
  bad_request: 'The request was not understood.',
  captcha_failed: 'The bot check did not pass. Please try again.',
  limited: 'Too many calls were asked for. Please try again later, or send the form.',
  call_failed: 'The call could not be placed. Please try again, or send the form.',
};

interface CallbackRequest {
  id: string;
  phone: string;
  country: CountryCode;
  consentText: string;
  estimate: number | null;
  variables: Record<string, number> | null;
  page: string | null;
  utm: Record<string, string> | null;
  visitId: string | null;
  captcha: unknown;
}

type Parsed = { ok: true; request: CallbackRequest } | { ok: false; code: CallbackCode };

const VARIABLES = ['leads', 'value', 'delay', 'rate', 'estimate'] as const;

function boundedNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e9
    ? Math.round(value)
    : null;
}

function parseRequest(body: Record<string, unknown>, countries: CountryCode[]): Parsed {
  if (!isUuid(body.id)) return { ok: false, code: 'bad_request' };
  if (body.consent !== true) return { ok: false, code: 'consent_required' };
  const consentText = typeof body.consent_text === 'string' ? body.consent_text.trim() : '';
  if (consentText.length === 0 || consentText.length > 1000)
    return { ok: false, code: 'bad_request' };
  if (typeof body.phone !== 'string' || body.phone.length > 40) {
    return { ok: false, code: 'invalid_phone' };
  }
  const parsed = parsePhoneNumberFromString(body.phone, countries[0] ?? 'US');
  if (!parsed || !parsed.isValid()) return { ok: false, code: 'invalid_phone' };
  if (!parsed.country || !countries.includes(parsed.country)) {
    return { ok: false, code: 'country_not_allowed' };
  }
  const rawVariables =
    typeof body.variables === 'object' && body.variables !== null
      ? (body.variables as Record<string, unknown>)
      : {};
  const variables = Object.fromEntries(
    VARIABLES.flatMap((key) => {
      const value = boundedNumber(rawVariables[key]);
      return value === null ? [] : [[key, value]];
    }),
  );
  // Where the visitor came from, by the same rules as a lead's (lead-rules.ts).
  const utm = cleanUtm(body.utm);
  const page = typeof body.page === 'string' && isSameSitePath(body.page) ? body.page : null;
  return {
    ok: true,
    request: {
      id: body.id,
      phone: parsed.number,
      country: parsed.country,
      consentText,
      estimate: boundedNumber(body.estimate),
      variables: Object.keys(variables).length > 0 ? variables : null,
      page,
      utm,
      visitId: isUuid(body.visit_id) ? body.visit_id : null,
      captcha: body.captcha,
    },
  };
}

type Claim =
  | { outcome: 'call' }
  | { outcome: 'existing'; status: 'pending' | 'calling' | 'unknown'; vapi_call_id: string | null }
  | { outcome: 'conflict' }
  | { outcome: 'limited'; limit: string; retry_after: number };

type Placed =
  { status: 'calling'; vapiCallId: string } | { status: 'failed' | 'unknown'; error: string };

/** Vapi's POST /call for one claimed request. */
async function placeCall(request: CallbackRequest, settings: CallbackSettings): Promise<Placed> {
  const { vapi } = settings;
  const body = {
    assistantId: vapi.assistantId,
    phoneNumberId: vapi.phoneNumberId,
    customer: { number: request.phone },
    assistantOverrides: {
      maxDurationSeconds: vapi.maxCallSeconds,
      ...(request.variables ? { variableValues: request.variables } : {}),
      metadata: { callback_id: request.id, visit_id: request.visitId },
    },
  };
  try {
    const response = await fetchWithin(
      settings.fetch,
      `${vapi.apiUrl.replace(/\/+$/, '')}/call`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${vapi.privateKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      vapi.timeoutMs,
    );
    const text = await response.text();
    if (!response.ok) {
      // Vapi refused it: no call was placed, so a retry of this id may try again.
      return { status: 'failed', error: `Vapi ${response.status}: ${text.slice(0, 300)}` };
    }
    const call = JSON.parse(text) as { id?: unknown };
    if (typeof call.id !== 'string')
      return { status: 'unknown', error: 'Vapi answered no call id' };
    return { status: 'calling', vapiCallId: call.id };
  } catch (error) {
    // No answer in time: Vapi may have placed the call, so this id never calls again.
    return {
      status: 'unknown',
      error: isTimeout(error)
        ? 'Vapi did not answer in time'
        : `Vapi unreachable: ${String(error)}`,
    };
  }
}

/** The automation webhook for a callback (type "callback"), with its delivery recorded. */
async function deliverWebhook(request: CallbackRequest, settings: CallbackSettings, at: Date) {
  const delivered = await postWebhook(
    {
      type: 'callback',
      id: request.id,
      phone: request.phone,
      created_at: toPacificReadable(at),
      estimate: request.estimate,
      page: request.page,
      utm: request.utm,
      visit_id: request.visitId,
    },
    settings.webhook,
  );
  await settings.database('callback_webhook', { id: request.id, delivered });
}

export function createHandler(settings: CallbackSettings): (request: Request) => Promise<Response> {
  const cors = corsHeaders(settings.siteOrigin);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    json(status, body, { ...cors, ...headers });
  const refuse = (status: number, code: CallbackCode, headers: Record<string, string> = {}) =>
    answer(status, { code, message: MESSAGES[code] }, headers);
  const background = settings.background ?? ((work: Promise<unknown>) => void work);

  return async (httpRequest) => {
    if (httpRequest.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (httpRequest.method !== 'POST')
      return answer(405, { code: 'bad_request' }, { Allow: 'POST' });

    const read = await readJsonObject(httpRequest, MAX_BODY_BYTES);
    if (!read.ok) return answer(read.status, { code: read.code, message: read.message });
    const parsed = parseRequest(read.value, settings.countries);
    if (!parsed.ok) return refuse(400, parsed.code);
    const request = parsed.request;
    const address = clientAddress(httpRequest.headers);

    const check = await verifyTurnstile(request.captcha, address, settings.turnstile);
    if (!check.ok) {
      console.warn(`request-callback: bot check failed (${check.reason})`);
      return refuse(403, 'captcha_failed');
    }

    const now = (settings.now ?? (() => new Date()))();
    let claim: Claim;
    try {
      claim = (await settings.database('callback_claim', {
        id: request.id,
        phone: request.phone,
        country: request.country,
        client_address: address,
        consent_text: request.consentText,
        consent_at: now.toISOString(),
        estimate: request.estimate,
        variables: request.variables,
        page: request.page,
        utm: request.utm,
        visit_id: request.visitId,
        limits: {
          per_number_per_day: settings.limits.perNumberPerDay,
          per_address_per_hour: settings.limits.perAddressPerHour,
          per_day: settings.limits.perDay,
        },
      })) as Claim;
    } catch (error) {
      console.error('request-callback: the database did not take the request:', error);
      return refuse(502, 'call_failed');
    }

    if (claim.outcome === 'conflict') return refuse(400, 'bad_request');
    if (claim.outcome === 'limited') {
      return refuse(429, 'limited', { 'Retry-After': String(claim.retry_after) });
    }
    if (claim.outcome === 'existing') {
      // Claimed before: being placed, placed, or perhaps placed. Never a second call.
      if (claim.status === 'unknown') return refuse(502, 'call_failed');
      return answer(202, { status: 'calling', id: request.id });
    }

    const placed = await placeCall(request, settings);
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
    if (placed.status !== 'calling') {
      console.error(`request-callback: ${placed.error}`);
      return refuse(502, 'call_failed');
    }
    background(
      deliverWebhook(request, settings, now).catch((error) =>
        console.error('request-callback: the webhook delivery was not recorded:', error),
      ),
    );
    return answer(202, { status: 'calling', id: request.id });
  };
}
