import { CALL_REPORT, type ReportTicket } from '@shared/contracts/report-read.ts';
import { callFunction, type FunctionAnswer, type FunctionsClient } from './functions';
import { sleep } from './sleep';

export interface ReadTurns {
  /** Before the first read. */
  first: number;
  /** Between reads. */
  every: number;
  now: () => number;
}

/**
 * Reads `ticket`'s call report (contracts/report-read.ts) until `judge` finds what the page waits
 * for in an answer, the ticket reads nothing (404: `gone`), or `deadline` (on `turns.now`) comes
 * or `signal` fires (`gave-up`). Bounded: the first read after `turns.first`, then one each
 * `turns.every`, and none once the page stops waiting. A read that fails, goes unanswered (past
 * `readMs` or the deadline) or does not satisfy `judge` is tried again at the next turn.
 */
export async function readCallReport<T>(
  client: FunctionsClient,
  ticket: ReportTicket,
  { deadline, readMs, signal }: { deadline: number; readMs: number; signal: AbortSignal },
  turns: ReadTurns,
  judge: (answer: Extract<FunctionAnswer, { reached: true }>) => T | null,
): Promise<T | { kind: 'gone' } | { kind: 'gave-up' }> {
  await sleep(turns.first, signal);
  while (!signal.aborted) {
    const left = deadline - turns.now();
    if (left <= 0) break;
    // A read under way when the page stops waiting ends on its own (its answer is dropped).
    const answer = await callFunction(
      client,
      CALL_REPORT.name,
      ticket,
      AbortSignal.timeout(Math.min(readMs, left)),
    );
    if (signal.aborted) break;
    if (answer.reached && answer.status === 404) return { kind: 'gone' };
    const found = answer.reached ? judge(answer) : null;
    if (found) return found;
    if (turns.now() + turns.every >= deadline) break;
    await sleep(turns.every, signal);
  }
  return { kind: 'gave-up' };
}
