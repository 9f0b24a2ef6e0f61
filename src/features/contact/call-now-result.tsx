import { useEffect, useState } from 'react';
import { siteFunctions } from '@/lib/config';
import { callNow } from '@/content/call-now';
import type { CallSteps } from '@shared/contracts/report-read.ts';
import { ringBucket } from '@/lib/funnel-events';
import { funnel } from '@/lib/funnel';
import type { CallNowState } from './use-call-now';
import { watchSteps, type StepsOutcome } from './watch-steps';

const copy = callNow.stopwatch;

const tenths = (ms: number) => (Math.max(ms, 0) / 1000).toFixed(1);

const TICK_MS = 100;

type Running = Extract<CallNowState, { kind: 'sending' | 'asking' | 'placed' }>;

export interface CallNowResultProps {
  state: Exclude<CallNowState, { kind: 'none' }>;
  watch?: typeof watchSteps;
}

export function CallNowResult({ state, watch = watchSteps }: CallNowResultProps) {
  if (state.kind === 'refused')
    return (
      <p role="alert" className="text-sm font-medium text-ink sm:col-span-2">
        {callNow.refused.sent} {callNow.refused[state.why]} {callNow.refused.after}
      </p>
    );
  return <CallStopwatch state={state} watch={watch} />;
}

/** The running clock is a timer screen readers do not read out; the steps and the result are announced. */
function CallStopwatch({ state, watch }: { state: Running; watch: typeof watchSteps }) {
  const [now, setNow] = useState(() => performance.now());
  const [steps, setSteps] = useState<CallSteps | null>(null);
  const [outcome, setOutcome] = useState<StepsOutcome | null>(null);
  const placed = state.kind === 'placed' ? state : null;

  useEffect(() => {
    if (outcome) return;
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [outcome]);

  const ticket = placed?.ticket ?? null;
  const callId = placed?.id ?? null;
  useEffect(() => {
    if (!callId) return;
    const stop = new AbortController();
    const watching: Promise<StepsOutcome> = ticket
      ? watch(siteFunctions, ticket, setSteps, stop.signal)
      : Promise.resolve({ kind: 'gave-up' });
    void watching.then((result) => {
      if (stop.signal.aborted) return;
      setOutcome(result);
      funnel.callbackRequested(callId, ringBucket(result.kind === 'rang' ? result.ms : null));
    });
    return () => stop.abort();
  }, [callId, ticket, watch]);

  const rangMs = outcome?.kind === 'rang' ? outcome.ms : null;
  const shown = rangMs ?? now - state.pressedAt;
  const ringingMs = rangMs ?? steps?.ringing_ms ?? null;
  // Each step's time is from the press, once the server gives it.
  const progress = [
    { step: 'sent', done: state.kind !== 'sending', at: null },
    { step: 'queued', done: placed !== null, at: steps?.queued_ms },
    { step: 'ringing', done: ringingMs !== null, at: ringingMs },
    { step: 'answered', done: steps?.answered_ms != null, at: steps?.answered_ms },
  ] as const;
  const latest = progress.filter(({ done }) => done).at(-1)?.step;
  let result: string | null = latest ? copy.steps[latest] : null;
  if (outcome?.kind === 'rang') result = `${copy.rang(tenths(outcome.ms))} ${copy.speed}`;
  else if (outcome?.kind === 'gave-up') result = copy.gaveUp;
  else if (outcome) result = copy.noRing;

  return (
    <section
      aria-labelledby="call-stopwatch-heading"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-800 sm:col-span-2"
    >
      <h3 id="call-stopwatch-heading" className="font-semibold text-ink">
        {copy.heading}
      </h3>
      <p
        role="timer"
        aria-label={copy.runningLabel}
        className="mt-2 text-3xl font-bold text-ink tabular-nums"
        data-stopped={outcome ? 'true' : undefined}
      >
        {copy.running(tenths(shown))}
      </p>
      <ol className="mt-3 grid gap-1 text-sm">
        {progress.map(({ step, done, at }) => (
          <li
            key={step}
            data-step={step}
            data-done={done ? 'true' : undefined}
            className={done ? 'font-semibold text-ink' : 'text-slate-600'}
          >
            <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
            {copy.steps[step]}
            {at != null ? ` (${copy.running(tenths(at))})` : null}
          </li>
        ))}
      </ol>
      <p role="status" className="mt-3 text-sm font-medium empty:hidden">
        {result}
      </p>
    </section>
  );
}
