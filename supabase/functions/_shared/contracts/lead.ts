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

export interface LeadContext {
  page: string | null;
  utm: Utm | null;
  estimate: number | null;
  /** The visitor tried the voice demo in this visit. */
  demo_call: boolean;
  /** Joins the lead to its demo calls' reports. */
  visit_id: string | null;
  trade: string | null;
}

/** One row of contact_submissions, and (with a readable created_at) the webhook's JSON. */
export interface LeadRow extends LeadValues, LeadContext {
  id: string;
  /** ISO 8601 with the Pacific offset (the row); readable Pacific time (the webhook). */
  created_at: string;
}

/** In the table's column order, the webhook's; parseLeadContext names every context key. */
export const LEAD_ROW_KEYS: (keyof LeadRow)[] = [
  'id',
  ...LEAD_FIELDS,
  'created_at',
  ...(Object.keys(parseLeadContext({})) as (keyof LeadContext)[]),
];

/** The delivery's own columns are not the owner's. */
export function leadWebhookPayload(stored: Record<string, unknown>): LeadRow {
  const row = Object.fromEntries(LEAD_ROW_KEYS.map((key) => [key, stored[key] ?? null]));
  return {
    ...(row as unknown as LeadRow),
    demo_call: stored.demo_call === true,
    created_at: toPacificReadable(new Date(String(stored.created_at))),
  };
}

/** A token only once the site's ceiling turned the first try away (429 LG003). */
export interface SubmitLeadBody extends LeadRow {
  captcha?: string | null;
}

export interface LeadSubmission {
  /** created_at null: the database's now. */
  lead: Omit<LeadRow, 'created_at'> & { created_at: string | null };
  botChecked: boolean;
}

/** False with no webhook set: the browser profile's page then posts it itself. */
export interface SubmitLeadAnswer {
  delivered: boolean;
}

export const SUBMIT_LEAD_REFUSALS = {
  webhook_failed: [
    502,
    'Your message is saved, but it could not be passed on yet. Please press Send again.',
  ],
  webhook_busy: [503, 'Your message is being passed on. Please wait a moment.'],
  database_unavailable: [503, 'The lead could not be stored. Please try again.'],
} as const;

/** Within the database's bounds, so the context can never cost the lead. */
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

/** Refuses as the database refuses a broken check (23514). created_at is the database's to judge. */
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

/** The largest lead is under 7 KB of JSON. */
export const SUBMIT_LEAD: EndpointContract<LeadSubmission> = {
  name: 'submit-lead',
  action: 'lead',
  maxBytes: 16 * 1024,
  parse: parseSubmitLead,
  errorBody: ({ code, message, details }: Refusal) => ({
    code,
    message,
    details: details ?? null,
    hint: null,
  }),
};
