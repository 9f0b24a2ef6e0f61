import { isUuid } from '../http.ts';
import { cleanText, LEAD_FIELDS, leadProblems, type LeadText } from '../lead-rules.ts';
import {
  parseEstimate,
  parsePage,
  parseTrade,
  parseUtm,
  parseVisitId,
  type Utm,
} from './origin.ts';
import { refuse, type EndpointContract, type Parsed, type Refusal } from './refusal.ts';

/**
 * A lead on the wire: the row the page inserts into contact_submissions (the data API), the
 * same row with a bot-check token through the submit-lead function, and (with created_at made
 * readable) the automation webhook's JSON. The local stack's data API and inbox read the same
 * type. The content rules are lead-rules.ts; the bounds of where it came from, origin.ts.
 */

/** Where the lead came from: sent with it, so the owner can tell (none of it is required). */
export interface LeadContext {
  /** The path the form was sent from. */
  page: string | null;
  /** The `utm_*` parameters the visit landed with. */
  utm: Utm | null;
  /** The calculator's estimate in whole dollars, when it showed one. */
  estimate: number | null;
  /** The visitor tried the voice demo in this visit. */
  demo_call: boolean;
  /** The visit (a UUID kept for the tab's session): joins the lead to its demo calls' reports. */
  visit_id: string | null;
  /** The trade page the lead was sent from (`solar`, …), or null. */
  trade: string | null;
}

/** One row of contact_submissions, and (with a readable created_at) the webhook's JSON. */
export interface LeadRow extends LeadContext {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  message: string;
  /** ISO 8601 with the Pacific offset (the row); readable Pacific time (the webhook). */
  created_at: string;
}

/** submit-lead's body: the row, and the bot check's token. */
export interface SubmitLeadBody extends LeadRow {
  captcha: string;
}

/** The context as stored: within the database's bounds, so it can never cost the lead. */
export function parseLeadContext(
  context: Partial<Record<keyof LeadContext, unknown>>,
): LeadContext {
  return {
    page: parsePage(context.page),
    utm: parseUtm(context.utm),
    estimate: parseEstimate(context.estimate),
    demo_call: context.demo_call === true,
    visit_id: parseVisitId(context.visit_id),
    trade: parseTrade(context.trade),
  };
}

/** A lead as submit-lead hands it to the database (created_at missing: the database's now). */
export type LeadToStore = Omit<LeadRow, 'created_at'> & { created_at: string | null };

/**
 * submit-lead's parser: the content rules (answered as the database answers a broken check,
 * 400 23514 naming the fields) and the context's bounds. created_at is the database's to judge.
 */
export function parseSubmitLead(body: Record<string, unknown>): Parsed<LeadToStore> {
  if (!isUuid(body.id)) return refuse(400, '23514', 'id must be a UUID', 'id');
  const text = (value: unknown) => (typeof value === 'string' ? cleanText(value) : '');
  const fields = Object.fromEntries(
    LEAD_FIELDS.map((field) => [field, text(body[field])]),
  ) as unknown as LeadText;
  const problems = Object.keys(leadProblems(fields));
  if (problems.length > 0) {
    return refuse(
      400,
      '23514',
      'new row for relation "contact_submissions" violates the lead rules',
      `Refused: ${problems.join(', ')}.`,
    );
  }
  return {
    ok: true,
    value: {
      id: body.id,
      ...fields,
      company: fields.company || null,
      created_at: typeof body.created_at === 'string' ? body.created_at.slice(0, 40) : null,
      ...parseLeadContext(body),
    },
  };
}

/** submit-lead's error body, shaped as the data API's (201 has none). */
export const leadErrorBody = ({ code, message, details }: Refusal) => ({
  code,
  message,
  details: details ?? null,
  hint: null,
});

/** submit-lead: the largest lead is under 7 KB of JSON. */
export const SUBMIT_LEAD: EndpointContract<LeadToStore> = {
  name: 'submit-lead',
  action: 'lead',
  maxBytes: 16 * 1024,
  parse: parseSubmitLead,
  errorBody: leadErrorBody,
};
