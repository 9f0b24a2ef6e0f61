import { isUuid } from '../http.ts';
import type { CallReportWebhook } from './call-report.ts';
import { refusalsOf, type EndpointContract, type Parsed } from './refusal.ts';

/**
 * call-report on the wire: the visitor's page reads the report of its own demo call, Call my
 * phone or chat, to show the lead card (what the owner received). The function that started it
 * (start-web-call, request-callback, chat) answers with a `ReportTicket`: the id of what it
 * started and a key only the server can make (an HMAC of the id with the server's secret), so
 * only the page that got the answer can read the report. Nobody can list reports: a read names
 * one id and must bring its key; a wrong key, an unknown id and an expired report get the same
 * 404. A report is readable for REPORT_READABLE_SECONDS after it is stored.
 */

/** What a start answers with, beside its own answer: the page keeps it, never shows it. */
export interface ReportTicket {
  /** The id of the web call, callback or chat in the database. */
  id: string;
  /** base64url of an HMAC-SHA256 (43 characters). */
  key: string;
}

/** The body of a read. */
export type ReportReadBody = ReportTicket;

/** A report key as the functions make it. */
export const REPORT_KEY = /^[A-Za-z0-9_-]{43}$/;

/** How long a stored report stays readable with its key. */
export const REPORT_READABLE_SECONDS = 3600;

/** The ticket in a start's answer (`report`), or null when it has none (public-key mode). */
export function reportTicketOf(answer: unknown): ReportTicket | null {
  const report = (answer as { report?: unknown } | null)?.report as
    Partial<Record<keyof ReportTicket, unknown>> | null | undefined;
  if (typeof report !== 'object' || report === null) return null;
  return isUuid(report.id) && typeof report.key === 'string' && REPORT_KEY.test(report.key)
    ? { id: report.id, key: report.key }
    : null;
}

/** What the lead card shows: the stored report, and the webhook's JSON as the owner got it. */
export interface LeadCardReport {
  /** webCall, outboundPhoneCall, webChat, … (as demo_calls keeps it). */
  kind: string;
  summary: string | null;
  /** Vapi's `analysis.structuredData`, as the owner's analysis plan returns it. */
  structured_data: unknown;
  transcript: string | null;
  /** The JSON the owner's automation received for this report. */
  webhook: CallReportWebhook;
}

/**
 * A phone call's steps so far, each as milliseconds after the visitor's press (the
 * request's `pressed_ms` plus the time from its arrival to Vapi's status-update), or null until
 * Vapi reports it. `ringing_ms` is the owner's figure (callback_requests.ringing_after_ms).
 */
export interface CallSteps {
  queued_ms: number | null;
  ringing_ms: number | null;
  answered_ms: number | null;
  /** Vapi reported the call ended (status-update `ended`). */
  ended: boolean;
}

/**
 * The answer to a read (200): not yet, or the report; a callback's (Call my phone, the form's
 * call) also carries its `steps`, for the stopwatch.
 */
export type ReportReadAnswer = (
  { status: 'waiting' } | { status: 'ready'; report: LeadCardReport }
) & { steps?: CallSteps };

/** How often the stopwatch reads a callback's steps, and for how long at most. */
export const STEPS_READ_EVERY_MS = 1_000;
export const STEPS_WAIT_MS = 120_000;

export const reportReadRefusal = refusalsOf({
  bad_request: [400, 'The request was not understood.'],
  not_found: [404, 'No report for this id and key.'],
  read_failed: [502, 'The report could not be read. Please try again.'],
});

export function parseReportRead(body: Record<string, unknown>): Parsed<ReportReadBody> {
  const ticket = reportTicketOf({ report: body });
  return ticket ? { ok: true, value: ticket } : reportReadRefusal('bad_request');
}

/** call-report: no bot check (the key is the proof), a small body. */
export const CALL_REPORT: EndpointContract<ReportReadBody> = {
  name: 'call-report',
  maxBytes: 1024,
  parse: parseReportRead,
};
