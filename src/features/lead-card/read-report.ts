/**
 * The page's side of the call-report function: asks for this visitor's report with its ticket
 * until it is ready, it is gone, or the wait is over (contracts/report-read.ts). Bounded: the
 * first read after FIRST_READ_MS, then one every READ_EVERY_MS, so a two-minute wait is at most
 * 41 reads, and none once the page stops waiting. A read that fails or goes unanswered is tried
 * again at the next turn; only a 404 (a wrong key, an unknown id, an expired report) ends it.
 */
import {
  CALL_REPORT,
  type LeadCardReport,
  type ReportReadAnswer,
  type ReportTicket,
} from '@shared/contracts/report-read.ts';
import { callFunction, type FunctionsClient } from '@/lib/functions';
import { sleep } from '@/lib/sleep';

export type ReportOutcome =
  | { kind: 'ready'; report: LeadCardReport }
  /** The wait is over and no report came (the owner still gets it). */
  | { kind: 'gave-up' }
  /** The function knows no report for this ticket (gone after an hour). */
  | { kind: 'gone' };

/** Vapi sends its report a few seconds after the call ends. */
export const FIRST_READ_MS = 1_500;
export const READ_EVERY_MS = 3_000;
/** How long one read may take. */
const READ_TIMEOUT_MS = 10_000;

/** Whether an answer's report is one the card can show (the function's, checked). */
function readyReport(body: Record<string, unknown>): LeadCardReport | null {
  const answer = body as Partial<ReportReadAnswer> & { report?: Partial<LeadCardReport> };
  const report = answer.report;
  if (answer.status !== 'ready' || typeof report !== 'object' || report === null) return null;
  if (typeof report.kind !== 'string' || typeof report.webhook !== 'object') return null;
  return report as LeadCardReport;
}

/**
 * Reads `ticket`'s report until `deadline` (Date.now()); `signal` stops it (the card closed, a
 * newer report): it then resolves with `gave-up` and reads no more.
 */
export async function waitForReport(
  client: FunctionsClient,
  ticket: ReportTicket,
  deadline: number,
  signal: AbortSignal,
  timing: { first: number; every: number; now: () => number } = {
    first: FIRST_READ_MS,
    every: READ_EVERY_MS,
    now: Date.now,
  },
): Promise<ReportOutcome> {
  await sleep(timing.first, signal);
  while (!signal.aborted) {
    const left = deadline - timing.now();
    if (left <= 0) break;
    const answer = await callFunction(
      client,
      CALL_REPORT.name,
      ticket,
      // A read under way when the card closes ends on its own (its answer is dropped).
      AbortSignal.timeout(Math.min(READ_TIMEOUT_MS, left)),
    );
    if (signal.aborted) break;
    if (answer.reached && answer.status === 404) return { kind: 'gone' };
    if (answer.reached && answer.status === 200) {
      const report = readyReport(answer.body);
      if (report) return { kind: 'ready', report };
    } else if (answer.reached) {
      console.error(`Lead card: call-report answered ${answer.status}`);
    }
    if (timing.now() + timing.every >= deadline) break;
    await sleep(timing.every, signal);
  }
  return { kind: 'gave-up' };
}
