import { anyBody, type EndpointContract } from './refusal.ts';
import { toPacificReadable } from '../pacific-time.ts';

/**
 * vapi-events on the wire: Vapi posts its server messages to the assistant's Server URL (their
 * shapes are Vapi's own types, ../vapi/types.ts), and the function forwards each stored
 * end-of-call report to the automation webhook as a CallReportWebhook.
 */

/** vapi-events: a report with a long transcript is far below 1 MB; it reads the message itself. */
export const VAPI_EVENTS: EndpointContract<Record<string, unknown>> = {
  name: 'vapi-events',
  maxBytes: 1024 * 1024,
  parse: anyBody,
};

/** What the automation webhook receives for a stored end-of-call report. */
export interface CallReportWebhook {
  type: 'call_report';
  vapi_call_id: string;
  /** webCall, outboundPhoneCall, inboundPhoneCall or other. */
  kind: string;
  /** Readable Pacific time. */
  ended_at: string | null;
  ended_reason: string | null;
  duration_seconds: number | null;
  /** US dollars, as Vapi reports it. */
  cost: number | null;
  summary: string | null;
  structured_data: unknown;
  recording_url: string | null;
  visit_id: string | null;
  callback_id: string | null;
  /** The trade page the call or chat was started from (`solar`, …), or null. */
  trade: string | null;
  /**
   * A callback's speed to lead: seconds from the visitor's press to the phone
   * ringing, to the tenth (callback_requests.ringing_after_ms); null for other calls, or when
   * Vapi reported no ringing.
   */
  ringing_after_seconds: number | null;
}

/**
 * A report as demo_calls keeps it (vapi-events' row, each value bounded): the fields the webhook
 * names, as stored, `ended_at` an ISO time (the webhook's is readable Pacific time);
 * `ringing_after_seconds` is its callback's (demo_call_store's answer for vapi-events,
 * call_report_read's report for call-report).
 */
export type StoredCallReport = Omit<CallReportWebhook, 'type'>;

/**
 * The webhook's JSON for a stored report: the one builder of it, which vapi-events posts to the
 * owner's automation and call-report shows on the lead card, so the two cannot differ.
 */
export function callReportWebhook(report: StoredCallReport): CallReportWebhook {
  return {
    type: 'call_report',
    vapi_call_id: report.vapi_call_id,
    kind: report.kind,
    ended_at: report.ended_at ? toPacificReadable(new Date(report.ended_at)) : null,
    ended_reason: report.ended_reason,
    duration_seconds: report.duration_seconds,
    cost: report.cost,
    summary: report.summary,
    structured_data: report.structured_data,
    recording_url: report.recording_url,
    visit_id: report.visit_id,
    callback_id: report.callback_id,
    trade: report.trade,
    ringing_after_seconds: report.ringing_after_seconds,
  };
}
