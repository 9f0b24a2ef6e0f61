import { isUuid } from '../http.ts';
import { LEAD_FIELDS, leadValues, type LeadText, type LeadValues } from '../lead-fields.ts';
import { cleanText, leadProblems } from '../lead-rules.ts';
import { toPacificReadable } from '../pacific-time.ts';
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
 * A lead on the wire: the row the page sends to the submit-lead function (the default profile:
 * the function stores it and posts the owner's automation), or inserts into contact_submissions
 * through the data API (the browser profile, VITE_LEADS=browser); the same row with a bot-check
 * token past the site's ceiling; and (with created_at made readable) the automation webhook's
 * JSON. The local stack's data API and inbox read the same type. The typed fields are
 * lead-fields.ts's table, their rules lead-rules.ts; the bounds of where it came from, origin.ts.
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
export interface LeadRow extends LeadValues, LeadContext {
  id: string;
  /** ISO 8601 with the Pacific offset (the row); readable Pacific time (the webhook). */
  created_at: string;
}

/** Every key of the context, and only those (the type names each). */
const LEAD_CONTEXT: Record<keyof LeadContext, true> = {
  page: true,
  utm: true,
  estimate: true,
  demo_call: true,
  visit_id: true,
  trade: true,
};
/** Every key of a lead's row, in the webhook's order: its columns in the table. */
export const LEAD_ROW_KEYS: (keyof LeadRow)[] = [
  'id',
  ...LEAD_FIELDS,
  'created_at',
  ...(Object.keys(LEAD_CONTEXT) as (keyof LeadContext)[]),
];

/**
 * The webhook's JSON for a lead as the table stores it: the row's own fields, created_at as a
 * readable Pacific time (the columns the server keeps about its delivery are not the owner's).
 */
export function leadWebhookPayload(stored: Record<string, unknown>): LeadRow {
  const row = Object.fromEntries(LEAD_ROW_KEYS.map((key) => [key, stored[key] ?? null]));
  return {
    ...(row as unknown as LeadRow),
    demo_call: stored.demo_call === true,
    created_at: toPacificReadable(new Date(String(stored.created_at))),
  };
}

/**
 * submit-lead's body: the row, and the bot check's token when the site's ceiling turned the
 * first try away (429 LG003); the first try goes without one.
 */
export interface SubmitLeadBody extends LeadRow {
  captcha?: string | null;
}

/** What submit-lead's parser reads: the lead, and whether its body asks for the bot check. */
export interface LeadSubmission {
  lead: LeadToStore;
  botChecked: boolean;
}

/**
 * submit-lead's answer when the lead is stored (201), or was already (409, the data API's 23505
 * body): whether the function delivered it to the automation webhook, now or on an earlier try.
 * False when the function has no webhook (CONTACT_WEBHOOK_URL unset): the browser profile's page
 * then posts it itself.
 */
export interface SubmitLeadAnswer {
  delivered: boolean;
}

/** submit-lead's refusals of its own (the data API's codes aside). */
export const SUBMIT_LEAD_REFUSALS = {
  webhook_failed: [
    502,
    'Your message is saved, but it could not be passed on yet. Please press Send again.',
  ],
  webhook_busy: [503, 'Your message is being passed on. Please wait a moment.'],
  database_unavailable: [503, 'The lead could not be stored. Please try again.'],
} as const;

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
export function parseSubmitLead(body: Record<string, unknown>): Parsed<LeadSubmission> {
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
      lead: {
        id: body.id,
        ...leadValues(fields),
        created_at: typeof body.created_at === 'string' ? body.created_at.slice(0, 40) : null,
        ...parseLeadContext(body),
      },
      botChecked: body.captcha !== undefined && body.captcha !== null,
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
export const SUBMIT_LEAD: EndpointContract<LeadSubmission> = {
  name: 'submit-lead',
  action: 'lead',
  maxBytes: 16 * 1024,
  parse: parseSubmitLead,
  errorBody: leadErrorBody,
};
