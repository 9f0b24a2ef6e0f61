import { callReportWebhook, type StoredCallReport } from '../_shared/contracts/call-report.ts';
import {
  CALL_REPORT,
  REPORT_READABLE_SECONDS,
  reportReadRefusal,
  type CallSteps,
  type LeadCardReport,
  type ReportReadAnswer,
} from '../_shared/contracts/report-read.ts';
import type { CallDatabase } from '../_shared/database.ts';
import { openEndpoint } from '../_shared/endpoint.ts';
import type { ReportKeys } from '../_shared/report-key.ts';

/**
 * call-report: the lead card. The visitor's page reads the report of the call or chat it
 * started, with the ticket the start answered (`{id, key}`, ../_shared/report-key.ts). The key is
 * checked first, in constant time: a wrong one is answered 404 with no database call, so a
 * stranger's guesses cost nothing there. Then one database call (public.call_report_read: the
 * source by its id, its report by its call id) answers waiting, ready or not found; a report is
 * readable for REPORT_READABLE_SECONDS after it is stored. The report's webhook JSON is built by
 * the same function vapi-events posts with (../_shared/contracts/call-report.ts). A callback's
 * answer also carries its `steps` (Vapi's status-updates as vapi-events recorded them: ms from the
 * visitor's press to queued, ringing, answered, and whether it ended), for the stopwatch, read
 * every STEPS_READ_EVERY_MS by the page; steps of another shape are left out. No bot check:
 * the key is the proof, and it only comes from a start that passed one. The wire contract:
 * ../_shared/contracts/report-read.ts.
 */

export interface CallReportSettings {
  /** The site's origins (CORS): siteOrigins(SITE_URL). */
  origins: string[];
  database: CallDatabase;
  /** The report keys, from a server secret (../_shared/report-key.ts). */
  reports: ReportKeys;
}

/** What call_report_read answers (a callback's waiting and ready answers carry its `steps`). */
type Read = (
  | { status: 'waiting' | 'not_found' }
  | { status: 'ready'; report: StoredCallReport & { transcript: string | null } }
) & { steps?: unknown };

/** A step's milliseconds: a whole number from 0, or null (not reported yet). */
const isStepMs = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

/** The read's steps, when they are steps (each field of CallSteps, nothing else); else null. */
function stepsOf(value: unknown): CallSteps | null {
  if (typeof value !== 'object' || value === null) return null;
  const steps = value as Record<string, unknown>;
  return isStepMs(steps.queued_ms) &&
    isStepMs(steps.ringing_ms) &&
    isStepMs(steps.answered_ms) &&
    typeof steps.ended === 'boolean'
    ? {
        queued_ms: steps.queued_ms as number | null,
        ringing_ms: steps.ringing_ms as number | null,
        answered_ms: steps.answered_ms as number | null,
        ended: steps.ended,
      }
    : null;
}

/** The lead card's report from the stored one: what the owner received, and its webhook JSON. */
function leadCardReport(stored: StoredCallReport & { transcript: string | null }): LeadCardReport {
  return {
    kind: stored.kind,
    summary: stored.summary,
    structured_data: stored.structured_data,
    transcript: stored.transcript,
    webhook: callReportWebhook({
      ...stored,
      // A number or null, as vapi-events posted it (secondsToTenth), whatever the read held.
      ringing_after_seconds:
        typeof stored.ringing_after_seconds === 'number' ? stored.ringing_after_seconds : null,
    }),
  };
}

export function createHandler(
  settings: CallReportSettings,
): (request: Request) => Promise<Response> {
  const opening = {
    ...CALL_REPORT,
    origins: settings.origins,
    // A report is one visitor's: never kept by a browser's or a proxy's cache.
    headers: { 'Cache-Control': 'no-store' },
  };
  return openEndpoint(opening, async ({ body: ticket, answer, refuse }) => {
    if (!(await settings.reports.holds(ticket.key, ticket.id))) {
      return refuse(reportReadRefusal('not_found'));
    }
    let read: Read;
    try {
      read = (await settings.database('call_report_read', {
        id: ticket.id,
        readable_seconds: REPORT_READABLE_SECONDS,
      })) as Read;
    } catch (error) {
      console.error(`call-report: the report of ${ticket.id} was not read:`, error);
      return refuse(reportReadRefusal('read_failed'));
    }
    let result: ReportReadAnswer;
    if (read?.status === 'waiting') result = { status: 'waiting' };
    else if (read?.status === 'ready' && read.report)
      result = { status: 'ready', report: leadCardReport(read.report) };
    else if (read?.status === 'not_found') return refuse(reportReadRefusal('not_found'));
    else {
      console.error(`call-report: call_report_read answered ${JSON.stringify(read)}`);
      return refuse(reportReadRefusal('read_failed'));
    }
    if (read.steps !== undefined && read.steps !== null) {
      // A callback's steps, for the stopwatch. Steps that are not steps are left out (logged):
      // the report itself is still worth showing.
      const steps = stepsOf(read.steps);
      if (steps) result.steps = steps;
      else
        console.error(
          `call-report: steps of ${ticket.id} unreadable: ${JSON.stringify(read.steps)}`,
        );
    }
    return answer(200, result);
  });
}
