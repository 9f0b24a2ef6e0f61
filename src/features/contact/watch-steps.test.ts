import { describe, expect, it, vi } from 'vitest';
import type { CallSteps, ReportTicket } from '@shared/contracts/report-read.ts';
import { watchSteps } from './watch-steps';

const ticket: ReportTicket = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const steps = (changes: Partial<CallSteps> = {}) => ({
  status: 'waiting',
  steps: { queued_ms: null, ringing_ms: null, answered_ms: null, ended: false, ...changes },
});

/**
 * A clock that moves 1 s at each read, the fetcher that answers `answers` in turn (the last
 * again and again), and `watch`, which watches with them for `waitMs` on that clock.
 */
function harness(answers: (() => Response | Promise<Response>)[]) {
  let clock = 0;
  const bodies: unknown[] = [];
  const seen: CallSteps[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    clock += 1_000;
    return answers[Math.min(bodies.length - 1, answers.length - 1)]!();
  });
  const client = { functionsUrl: 'https://x.supabase.co/functions/v1', anonKey: 'anon', fetch };
  const watch = (waitMs = 60_000, signal = new AbortController().signal) =>
    watchSteps(client, ticket, (read) => seen.push(read), signal, {
      every: 0,
      waitMs,
      now: () => clock,
    });
  return { fetch, bodies, seen, watch };
}

describe('watchSteps', () => {
  it("reads the call's steps with its ticket until the phone rings, and gives the server's figure", async () => {
    const { fetch, bodies, seen, watch } = harness([
      () => json(200, steps()),
      () => json(200, steps({ queued_ms: 310 })),
      () => json(200, steps({ queued_ms: 310, ringing_ms: 6_412 })),
    ]);
    expect(await watch()).toEqual({ kind: 'rang', ms: 6_412 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(String(fetch.mock.calls[0]![0])).toBe('https://x.supabase.co/functions/v1/call-report');
    expect(bodies).toEqual([ticket, ticket, ticket]);
    expect(seen.map((read) => read.queued_ms)).toEqual([null, 310, 310]);
  });

  it.each([
    {
      what: 'stops when the call ended without ringing',
      answers: [() => json(200, steps({ queued_ms: 200, ended: true }))],
      outcome: { kind: 'no-ring' },
    },
    {
      what: 'stops at a 404 (a call Vapi refused, a wrong key)',
      answers: [() => json(404, { code: 'not_found' })],
      outcome: { kind: 'gone' },
    },
  ])('$what', async ({ answers, outcome }) => {
    const { fetch, watch } = harness(answers);
    expect(await watch()).toEqual(outcome);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads on through failures, answers without steps and unreachable reads, and gives up at the end of the wait', async () => {
    const { fetch, watch } = harness([
      () => json(502, { code: 'read_failed' }),
      () => Promise.reject(new TypeError('network')),
      () => json(200, { status: 'waiting' }),
      () => json(200, steps({ queued_ms: 100 })),
    ]);
    expect(await watch(10_000)).toEqual({ kind: 'gave-up' });
    // One read per second of the fake clock, none at or past the end of the wait.
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(10);
  });

  it('reads no more once the page stops watching', async () => {
    const stop = new AbortController();
    const { fetch, watch } = harness([
      () => {
        stop.abort();
        return json(200, steps({ ringing_ms: 5_000 }));
      },
    ]);
    expect(await watch(60_000, stop.signal)).toEqual({ kind: 'gave-up' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits a turn of STEPS_READ_EVERY_MS before each read on the real clock, and stops after STEPS_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => json(200, steps()));
      const done = watchSteps(
        { functionsUrl: 'https://x.supabase.co/functions/v1', anonKey: 'anon', fetch },
        ticket,
        () => undefined,
        new AbortController().signal,
      );
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(120_000);
      await expect(done).resolves.toEqual({ kind: 'gave-up' });
      // One a second for two minutes: at most 120 reads.
      expect(fetch.mock.calls.length).toBeLessThanOrEqual(120);
      expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(119);
    } finally {
      vi.useRealTimers();
    }
  });
});
