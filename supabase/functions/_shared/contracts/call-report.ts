import { anyBody, type EndpointContract } from './refusal.ts';
import { toPacificReadable } from '../pacific-time.ts';

/** A report with a long transcript is far below 1 MB. */
export const VAPI_EVENTS: EndpointContract<Record<string, unknown>> = {
  name: 'vapi-events',
  maxBytes: 1024 * 1024,
  parse: anyBody,
};

/** What the automation webhook receives for a stored end-of-call report. */
export interface CallReportWebhook {
  type: 'call_report';
  vapi_call_id: string;
  kind: string;
  /** Readable Pacific time. */
  ended_at: string | null;
  ended_reason: string | null;
  duration_seconds: number | null;
  cost: number | null;
  summary: string | null;
  structured_data: unknown;
  recording_url: string | null;
  visit_id: string | null;
  callback_id: string | null;
  trade: string | null;
  /** A callback's speed to lead, to the tenth of a second. */
  ringing_after_seconds: number | null;
}

/** `ended_at` as an ISO time. */
export type StoredCallReport = Omit<CallReportWebhook, 'type'>;

/** vapi-events posts it and call-report shows it, so the two cannot differ. */
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
