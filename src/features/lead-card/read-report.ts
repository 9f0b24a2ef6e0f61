import type {
  LeadCardReport,
  ReportReadAnswer,
  ReportTicket,
} from '@shared/contracts/report-read.ts';
import type { FunctionsClient } from '@/lib/functions';
import { readCallReport, type ReadTurns } from '@/lib/read-call-report';

export type ReportOutcome =
  | { kind: 'ready'; report: LeadCardReport }
  /** No report came in the wait (the owner still gets it). */
  | { kind: 'gave-up' }
  /** Gone after an hour. */
  | { kind: 'gone' };

/** Vapi sends its report a few seconds after the call ends. */
export const FIRST_READ_MS = 1_500;
export const READ_EVERY_MS = 3_000;
const READ_TIMEOUT_MS = 10_000;

function readyReport(body: Record<string, unknown>): LeadCardReport | null {
  const answer = body as Partial<ReportReadAnswer> & { report?: Partial<LeadCardReport> };
  const report = answer.report;
  if (answer.status !== 'ready' || typeof report !== 'object' || report === null) return null;
  if (typeof report.kind !== 'string' || typeof report.webhook !== 'object') return null;
  return report as LeadCardReport;
}

/** `signal` stops it (the card closed, a newer report): it then resolves with `gave-up`. */
export function waitForReport(
  client: FunctionsClient,
  ticket: ReportTicket,
  deadline: number,
  signal: AbortSignal,
  turns: ReadTurns = { first: FIRST_READ_MS, every: READ_EVERY_MS, now: Date.now },
): Promise<ReportOutcome> {
  return readCallReport(
    client,
    ticket,
    { deadline, readMs: READ_TIMEOUT_MS, signal },
    turns,
    (answer) => {
      if (answer.status !== 200) {
        console.error(`Lead card: call-report answered ${answer.status}`);
        return null;
      }
      const report = readyReport(answer.body);
      return report ? { kind: 'ready', report } : null;
    },
  );
}
