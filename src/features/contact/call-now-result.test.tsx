import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallSteps, ReportTicket } from '@shared/contracts/report-read.ts';
import { funnel } from '@/lib/funnel';
import { CallNowResult as CallStopwatch } from './call-now-result';
import type { StepsOutcome, watchSteps } from './watch-steps';

const ticket: ReportTicket = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };
const LEAD = '0b6f5a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';

/** A watcher the test drives: it hands out steps and ends when told. */
function drivenWatch() {
  let report: (steps: CallSteps) => void = () => undefined;
  let end: (outcome: StepsOutcome) => void = () => undefined;
  const watch = vi.fn<typeof watchSteps>(
    (_client, _ticket, onSteps) =>
      new Promise<StepsOutcome>((resolve) => {
        report = onSteps;
        end = resolve;
      }),
  );
  return {
    watch,
    steps: (changes: Partial<CallSteps>) =>
      act(() =>
        report({ queued_ms: null, ringing_ms: null, answered_ms: null, ended: false, ...changes }),
      ),
    end: (outcome: StepsOutcome) => act(async () => end(outcome)),
  };
}

/** The stopwatch of a call placed at 10 s on the page's clock, its steps from `driven`. */
const renderPlaced = (driven: ReturnType<typeof drivenWatch>) =>
  render(
    <CallStopwatch
      state={{ kind: 'placed', id: LEAD, ticket, pressedAt: 10_000 }}
      watch={driven.watch}
    />,
  );

let clock = 0;
beforeEach(() => {
  clock = 10_000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const timer = () => screen.getByRole('timer', { name: 'Seconds since you pressed Send' });
const tick = (ms: number) =>
  act(() => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  });

describe('the stopwatch of "Have the agent call me now"', () => {
  it('runs from the press while the message goes, and shows the steps as they come', async () => {
    const driven = drivenWatch();
    const { rerender } = render(
      <CallStopwatch state={{ kind: 'sending', pressedAt: 10_000 }} watch={driven.watch} />,
    );
    expect(timer()).toHaveTextContent('0.0 s');
    tick(400);
    expect(timer()).toHaveTextContent('0.4 s');
    expect(screen.getByText('Message sent').closest('li')).not.toHaveAttribute('data-done');
    // Nothing is read before the call is placed.
    expect(driven.watch).not.toHaveBeenCalled();

    rerender(
      <CallStopwatch
        state={{ kind: 'placed', id: LEAD, ticket, pressedAt: 10_000 }}
        watch={driven.watch}
      />,
    );
    expect(driven.watch).toHaveBeenCalledWith(
      expect.objectContaining({ functionsUrl: expect.stringContaining('/functions/v1') }),
      ticket,
      expect.any(Function),
      expect.any(AbortSignal),
    );
    expect(screen.getByText('Message sent').closest('li')).toHaveAttribute('data-done', 'true');
    driven.steps({ queued_ms: 620 });
    expect(document.querySelector('[data-step="queued"]')).toHaveTextContent('Call placed (0.6 s)');
    tick(2_000);
    expect(timer()).toHaveTextContent('2.4 s');
    expect(screen.getByRole('status')).toHaveTextContent('Call placed');
  });

  it("stops at the server's figure when the phone rings, says it, and counts it in the funnel", async () => {
    const counted = vi.spyOn(funnel, 'callbackRequested');
    const driven = drivenWatch();
    renderPlaced(driven);
    // The page saw it late (its read came at 7.9 s): the figure is the server's, 6.4 s.
    tick(7_900);
    driven.steps({ queued_ms: 300, ringing_ms: 6_412 });
    await driven.end({ kind: 'rang', ms: 6_412 });
    expect(timer()).toHaveTextContent('6.4 s');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your phone rang 6.4 s after you pressed Send.',
    );
    tick(3_000);
    expect(timer()).toHaveTextContent('6.4 s');
    expect(counted).toHaveBeenCalledWith(LEAD, '0-10');
  });

  it.each([
    { outcome: { kind: 'gave-up' } as const, line: 'No word from the call yet.' },
    { outcome: { kind: 'no-ring' } as const, line: "The call didn't ring through." },
    { outcome: { kind: 'gone' } as const, line: "The call didn't ring through." },
  ])(
    'says so when the call does not ring ($outcome.kind), and counts it as none',
    async ({ outcome, line }) => {
      const counted = vi.spyOn(funnel, 'callbackRequested');
      const driven = drivenWatch();
      renderPlaced(driven);
      await driven.end(outcome);
      expect(screen.getByRole('status')).toHaveTextContent(line);
      expect(counted).toHaveBeenCalledWith(LEAD, 'none');
    },
  );

  it('stops reading when it leaves the page', () => {
    const driven = drivenWatch();
    const { unmount } = renderPlaced(driven);
    const signal = driven.watch.mock.calls[0]![3];
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });
});
