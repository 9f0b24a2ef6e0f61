import type { LeadCardReport, ReportReadAnswer } from '@shared/contracts/report-read.ts';
import type { FunctionsClient } from '@/lib/functions';
import type { PendingReport } from '@/lib/pending-report';
import { readCallReport, type ReadTurns } from '@/lib/read-call-report';

/** Vapi sends its report a few seconds after the call ends. */
const FIRST_READ_MS = 1_500;
const READ_EVERY_MS = 3_000;
const READ_TIMEOUT_MS = 10_000;

export type ReportOutcome = Awaited<ReturnType<typeof waitForReport>>;

/**
 * Until `waitMs` after `since`: `ready` with the report; `gave-up` when none came in the wait (the
 * owner still gets it) or `signal` stopped it (the card closed, a newer report); `gone` after an hour.
 */
export function waitForReport(
  client: FunctionsClient,
  { ticket, since, waitMs }: PendingReport,
  signal: AbortSignal,
  turns: ReadTurns = { first: FIRST_READ_MS, every: READ_EVERY_MS, now: Date.now },
) {
  return readCallReport(
    client,
    ticket,
    { deadline: since + waitMs, readMs: READ_TIMEOUT_MS, signal },
    turns,
    (answer) => {
      if (answer.status !== 200) {
        console.error(`Lead card: call-report answered ${answer.status}`);
        return null;
      }
      const { status, report } = answer.body as Partial<ReportReadAnswer> & {
        report?: Partial<LeadCardReport> | null;
      };
      if (status !== 'ready' || typeof report?.kind !== 'string') return null;
      if (typeof report.webhook !== 'object') return null;
      return { kind: 'ready' as const, report: report as LeadCardReport };
    },
  );
}
