/** The figure is the server's (`ringing_ms` from the press), not when a read happened to see it. */
import {
  STEPS_READ_EVERY_MS,
  STEPS_WAIT_MS,
  type CallSteps,
  type ReportTicket,
} from '@shared/contracts/report-read.ts';
import type { FunctionsClient } from '@/lib/functions';
import { readCallReport } from '@/lib/read-call-report';

export type StepsOutcome =
  | { kind: 'rang'; ms: number }
  | { kind: 'no-ring' }
  | { kind: 'gave-up' }
  /** 404: a callback Vapi refused, or one too old. */
  | { kind: 'gone' };

const READ_TIMEOUT_MS = 5_000;

const ms = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

function stepsOf(body: Record<string, unknown>): CallSteps | null {
  const steps = body.steps as Partial<Record<keyof CallSteps, unknown>> | undefined;
  if (typeof steps !== 'object' || steps === null) return null;
  return {
    queued_ms: ms(steps.queued_ms),
    ringing_ms: ms(steps.ringing_ms),
    answered_ms: ms(steps.answered_ms),
    ended: steps.ended === true,
  };
}

/** Reads every `every` ms, for `waitMs` on the clock `now`. */
export function watchSteps(
  client: FunctionsClient,
  ticket: ReportTicket,
  onSteps: (steps: CallSteps) => void,
  signal: AbortSignal,
  { every = STEPS_READ_EVERY_MS, waitMs = STEPS_WAIT_MS, now = () => Date.now() } = {},
): Promise<StepsOutcome> {
  const read = { deadline: now() + waitMs, readMs: READ_TIMEOUT_MS, signal };
  return readCallReport(client, ticket, read, { first: every, every, now }, (answer) => {
    const steps = answer.status === 200 ? stepsOf(answer.body) : null;
    if (!steps) return null;
    onSteps(steps);
    if (steps.ringing_ms !== null) return { kind: 'rang', ms: steps.ringing_ms };
    return steps.ended ? { kind: 'no-ring' } : null;
  });
}
