/**
 * The stopwatch's side of the call-report function: reads a callback's steps (its `steps`) until
 * the phone rings, the call ends without ringing, the report is gone, or STEPS_WAIT_MS is over:
 * one read each STEPS_READ_EVERY_MS, so at most 120. The figure is the server's (`ringing_ms`,
 * from the press), not when a read happened to see it.
 */
import {
  STEPS_READ_EVERY_MS,
  STEPS_WAIT_MS,
  type CallSteps,
  type ReportTicket,
} from '@shared/contracts/report-read.ts';
import type { FunctionsClient } from '@/lib/functions';
import { readCallReport } from '@/lib/read-call-report';

export type StepsOutcome =
  /** The phone rang `ms` after the press. */
  | { kind: 'rang'; ms: number }
  /** Vapi reported the call ended, and it never rang. */
  | { kind: 'no-ring' }
  /** No ringing within the wait (or the page stopped watching). */
  | { kind: 'gave-up' }
  /** The ticket reads nothing (404): a callback Vapi refused, or one too old. */
  | { kind: 'gone' };

export interface StepsTiming {
  every: number;
  /** How long to watch, from the start. */
  waitMs: number;
  now: () => number;
}

/** The longest one read may take. */
const READ_TIMEOUT_MS = 5_000;

const DEFAULT_TIMING: StepsTiming = {
  every: STEPS_READ_EVERY_MS,
  waitMs: STEPS_WAIT_MS,
  now: () => Date.now(),
};

/** A reading is a number of ms, or not reported yet. */
const ms = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The steps in a read's answer, or null when it carries none (or not in their shape). */
export function stepsOf(body: Record<string, unknown>): CallSteps | null {
  const steps = body.steps as Partial<Record<keyof CallSteps, unknown>> | undefined;
  if (typeof steps !== 'object' || steps === null) return null;
  return {
    queued_ms: ms(steps.queued_ms),
    ringing_ms: ms(steps.ringing_ms),
    answered_ms: ms(steps.answered_ms),
    ended: steps.ended === true,
  };
}

/** Watches the call's steps; `onSteps` gets each reading. Resolves with how it ended. */
export function watchSteps(
  client: FunctionsClient,
  ticket: ReportTicket,
  onSteps: (steps: CallSteps) => void,
  signal: AbortSignal,
  timing: StepsTiming = DEFAULT_TIMING,
): Promise<StepsOutcome> {
  const deadline = timing.now() + timing.waitMs;
  const turns = { first: timing.every, every: timing.every, now: timing.now };
  const read = { deadline, readMs: READ_TIMEOUT_MS, signal };
  return readCallReport(client, ticket, read, turns, (answer) => {
    const steps = answer.status === 200 ? stepsOf(answer.body) : null;
    if (!steps) return null;
    onSteps(steps);
    if (steps.ringing_ms !== null) return { kind: 'rang', ms: steps.ringing_ms };
    return steps.ended ? { kind: 'no-ring' } : null;
  });
}
