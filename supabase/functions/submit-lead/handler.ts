import type { CallDatabase } from '../_shared/database.ts';
import { clientAddress, corsHeaders, isUuid, json, readJsonObject } from '../_shared/http.ts';
import {
  cleanText,
  cleanUtm,
  isSameSitePath,
  LEAD_FIELDS,
  leadProblems,
  type LeadText,
} from '../_shared/lead-rules.ts';
import { verifyTurnstile, type TurnstileSettings } from '../_shared/turnstile.ts';

/**
 * submit-lead: the way a lead takes when the data API answers 429 LG003 (the site's hourly or
 * daily ceiling, which a flood can reach). The bot check must pass; then the same content rules
 * as the form and the database (lead-rules.ts) and, in the database (public.lead_submit), the
 * same per-address limit and a ceiling of its own. Answers like the data API: 201, 409 with
 * code 23505 for an id stored already, 400, 429 with Retry-After. The page posts the webhook
 * itself, as after a direct insert. Contract: ../../../../shared/design.md, "The server step".
 */

export interface SubmitLeadSettings {
  siteOrigin: string;
  turnstile: TurnstileSettings;
  database: CallDatabase;
}

/** The largest body the function reads: the largest lead is under 7 KB of JSON. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The lead as lead_submit stores it. */
interface Lead extends Omit<LeadText, 'company'> {
  id: string;
  company: string | null;
  created_at: string | null;
  page: string | null;
  utm: Record<string, string> | null;
  estimate: number | null;
  demo_call: boolean;
  visit_id: string | null;
}

type Parsed =
  | { ok: true; lead: Lead; captcha: unknown }
  | { ok: false; message: string; details: string | null };

const text = (value: unknown) => (typeof value === 'string' ? cleanText(value) : '');

function parseLead(body: Record<string, unknown>): Parsed {
  if (!isUuid(body.id)) return { ok: false, message: 'id must be a UUID', details: 'id' };
  const fields = Object.fromEntries(
    LEAD_FIELDS.map((field) => [field, text(body[field])]),
  ) as unknown as LeadText;
  const problems = Object.keys(leadProblems(fields));
  if (problems.length > 0) {
    return {
      ok: false,
      message: 'new row for relation "contact_submissions" violates the lead rules',
      details: `Refused: ${problems.join(', ')}.`,
    };
  }
  const estimate =
    typeof body.estimate === 'number' &&
    Number.isInteger(body.estimate) &&
    body.estimate >= 0 &&
    body.estimate <= 1_000_000_000_000
      ? body.estimate
      : null;
  const createdAt = typeof body.created_at === 'string' ? body.created_at.slice(0, 40) : null;
  return {
    ok: true,
    captcha: body.captcha,
    lead: {
      id: body.id,
      ...fields,
      company: fields.company || null,
      created_at: createdAt,
      page: typeof body.page === 'string' && isSameSitePath(body.page) ? body.page : null,
      utm: cleanUtm(body.utm),
      estimate,
      demo_call: body.demo_call === true,
      visit_id: isUuid(body.visit_id) ? body.visit_id : null,
    },
  };
}

type Outcome =
  | { outcome: 'stored' }
  | { outcome: 'exists'; message: string }
  | { outcome: 'invalid'; code: string; message: string }
  | {
      outcome: 'refused';
      status: number;
      headers: Record<string, string>;
      body: Record<string, unknown>;
    };

export function createHandler(
  settings: SubmitLeadSettings,
): (request: Request) => Promise<Response> {
  const cors = corsHeaders(settings.siteOrigin);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    status === 201
      ? new Response(null, { status, headers: { ...cors, ...headers } })
      : json(status, body, { ...cors, ...headers });
  /** An error body shaped as the data API's: {code, message, details, hint}. */
  const error = (status: number, code: string, message: string, details: string | null = null) =>
    answer(status, { code, message, details, hint: null });

  return async (httpRequest) => {
    if (httpRequest.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (httpRequest.method !== 'POST') {
      return answer(405, { code: 'bad_request', message: 'POST only' }, { Allow: 'POST' });
    }
    const read = await readJsonObject(httpRequest, MAX_BODY_BYTES);
    if (!read.ok) return answer(read.status, { code: read.code, message: read.message });
    const parsed = parseLead(read.value);
    if (!parsed.ok) return error(400, '23514', parsed.message, parsed.details);

    const address = clientAddress(httpRequest.headers);
    const check = await verifyTurnstile(parsed.captcha, address, settings.turnstile);
    if (!check.ok) {
      console.warn(`submit-lead: bot check failed (${check.reason})`);
      return error(403, 'captcha_failed', 'The bot check did not pass. Please try again.');
    }

    let outcome: Outcome;
    try {
      outcome = (await settings.database('lead_submit', {
        client_address: address,
        lead: parsed.lead,
      })) as Outcome;
    } catch (cause) {
      console.error('submit-lead: the database did not answer:', cause);
      return error(503, 'database_unavailable', 'The lead could not be stored. Please try again.');
    }
    switch (outcome.outcome) {
      case 'stored':
        return answer(201, null);
      case 'exists':
        return error(409, '23505', outcome.message);
      case 'invalid':
        return error(400, outcome.code, outcome.message);
      case 'refused':
        return answer(outcome.status, outcome.body, outcome.headers);
    }
  };
}
