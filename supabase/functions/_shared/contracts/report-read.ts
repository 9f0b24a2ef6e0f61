import { isUuid } from '../http.ts';
import type { CallReportWebhook } from './call-report.ts';
import { refusalsOf, type EndpointContract, type Parsed } from './refusal.ts';

/**
 * Only the page a start answered can read its report: the ticket's key is an HMAC only the server
 * can make. A wrong key, an unknown id and an expired report get the same 404.
 */
export interface ReportTicket {
  id: string;
  key: string;
}

/** A key the server signs (a report's, a chat's): base64url, 43 characters. */
export const SIGNED_KEY = /^[A-Za-z0-9_-]{43}$/;

export const REPORT_READABLE_SECONDS = 3600;

export function reportTicketOf(answer: unknown): ReportTicket | null {
  const { id, key } = Object(Object(answer).report) as Partial<Record<keyof ReportTicket, unknown>>;
  return isUuid(id) && typeof key === 'string' && SIGNED_KEY.test(key) ? { id, key } : null;
}

export interface LeadCardReport {
  kind: string;
  summary: string | null;
  structured_data: unknown;
  transcript: string | null;
  /** What the owner's automation received. */
  webhook: CallReportWebhook;
}

/** Milliseconds after the visitor's press, null until Vapi reports the step. */
export interface CallSteps {
  queued_ms: number | null;
  ringing_ms: number | null;
  answered_ms: number | null;
  ended: boolean;
}

/** A callback's also carries its `steps`, for the stopwatch. */
export type ReportReadAnswer = (
  { status: 'waiting' } | { status: 'ready'; report: LeadCardReport }
) & { steps?: CallSteps };

export const STEPS_READ_EVERY_MS = 1_000;
export const STEPS_WAIT_MS = 120_000;

export const reportReadRefusal = refusalsOf({
  bad_request: [400, 'The request was not understood.'],
  not_found: [404, 'No report for this id and key.'],
  read_failed: [502, 'The report could not be read. Please try again.'],
});

export function parseReportRead(body: Record<string, unknown>): Parsed<ReportTicket> {
  const ticket = reportTicketOf({ report: body });
  return ticket ? { ok: true, value: ticket } : reportReadRefusal('bad_request');
}

/** No bot check: the key is the proof. */
export const CALL_REPORT: EndpointContract<ReportTicket> = {
  name: 'call-report',
  maxBytes: 1024,
  parse: parseReportRead,
};
