import { CALL_REPORT, type ReportTicket } from '@shared/contracts/report-read.ts';
import { callFunction, type FunctionAnswer, type FunctionsClient } from './functions';
import { sleep } from './sleep';

export interface ReadTurns {
  first: number;
  every: number;
  now: () => number;
}

/** Bounded: a failed, unanswered or unsatisfying read is tried again at the next turn until the deadline or `signal`. */
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
    // A read under way when the page stops waiting ends on its own, its answer dropped.
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
