import { callReportWebhook, type StoredCallReport } from '../_shared/contracts/call-report.ts';
import {
  CALL_REPORT,
  REPORT_READABLE_SECONDS,
  reportReadRefusal,
  type CallSteps,
  type LeadCardReport,
  type ReportReadAnswer,
} from '../_shared/contracts/report-read.ts';
import { openEndpoint, type PageSettings } from '../_shared/endpoint.ts';

/**
 * call-report: the lead card reads the report of the call or chat its page started, with the
 * start's ticket. The key is checked before the database, so a stranger's guesses cost nothing
 * there. No bot check: the key only comes from a start that passed one.
 */

export type CallReportSettings = Pick<PageSettings, 'origins' | 'database' | 'reports'>;

/** What call_report_read answers (a callback's waiting and ready answers carry its `steps`). */
type Read = (
  | { status: 'waiting' | 'not_found' }
  | { status: 'ready'; report: StoredCallReport & { transcript: string | null } }
) & { steps?: unknown };

/** null: not reported yet. */
const isStepMs = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

function stepsOf(value: unknown): CallSteps | null {
  const { queued_ms, ringing_ms, answered_ms, ended } = Object(value) as Record<string, unknown>;
  return [queued_ms, ringing_ms, answered_ms].every(isStepMs) && typeof ended === 'boolean'
    ? ({ queued_ms, ringing_ms, answered_ms, ended } as CallSteps)
    : null;
}

function leadCardReport(stored: StoredCallReport & { transcript: string | null }): LeadCardReport {
  return {
    kind: stored.kind,
    summary: stored.summary,
    structured_data: stored.structured_data,
    transcript: stored.transcript,
    webhook: callReportWebhook({
      ...stored,
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
    // A report is one visitor's: no cache may keep it.
    headers: { 'Cache-Control': 'no-store' },
  };
  return openEndpoint(opening, async ({ body: ticket, answer, refuse, orAnswer }) => {
    const notFound = () => refuse(reportReadRefusal('not_found'));
    const failed = () => refuse(reportReadRefusal('read_failed'));
    if (!(await settings.reports.holds(ticket.key, ticket.id))) return notFound();
    const read = (await orAnswer(
      () =>
        settings.database('call_report_read', {
          id: ticket.id,
          readable_seconds: REPORT_READABLE_SECONDS,
        }),
      `the report of ${ticket.id} was not read`,
      failed,
    )) as Read;
    let result: ReportReadAnswer;
    if (read?.status === 'waiting') result = { status: 'waiting' };
    else if (read?.status === 'ready' && read.report)
      result = { status: 'ready', report: leadCardReport(read.report) };
    else if (read?.status === 'not_found') return notFound();
    else {
      console.error(`call-report: call_report_read answered ${JSON.stringify(read)}`);
      return failed();
    }
    if (read.steps !== undefined && read.steps !== null) {
      // Unreadable steps are left out: the report itself is still worth showing.
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
