import { describe, expect, it, vi } from 'vitest';
import type { LeadCardReport, ReportTicket } from '@shared/contracts/report-read.ts';
import { waitForReport } from './read-report';

const ticket: ReportTicket = {
  id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d',
  key: 'k'.repeat(43),
};

const report: LeadCardReport = {
  kind: 'webCall',
  summary: 'Asked about after-hours answering.',
  structured_data: { urgency: 'this week' },
  transcript: 'AI: Hi.',
  webhook: {
    type: 'call_report',
    vapi_call_id: 'call-1',
    kind: 'webCall',
    ended_at: null,
    ended_reason: 'customer-ended-call',
    duration_seconds: 42,
    cost: 0.1,
    summary: 'Asked about after-hours answering.',
    structured_data: { urgency: 'this week' },
    recording_url: null,
    visit_id: null,
    callback_id: null,
    trade: null,
    ringing_after_seconds: null,
  },
};

/** The report announced at `since`, waited for `waitMs`. */
const pendingUntil = (waitMs: number, since: number) =>
  ({ ticket, source: 'webCall', waitMs, since }) as const;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A clock that moves `step` ms at each read, the fetcher that answers `answers` in turn, and
 * `wait`, which waits for the report with them until `deadline` on that clock.
 */
function harness(answers: (() => Response | Promise<Response>)[], step = 1_000) {
  let clock = 0;
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    clock += step;
    const next = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
    return next();
  });
  const client = { functionsUrl: 'https://x.supabase.co/functions/v1', anonKey: 'anon', fetch };
  const timing = { first: 0, every: 0, now: () => clock };
  const wait = (deadline: number, signal = new AbortController().signal) =>
    waitForReport(client, pendingUntil(deadline, 0), signal, timing);
  return { client, fetch, bodies, wait };
}

const waiting = () => json(200, { status: 'waiting' });

describe('waitForReport', () => {
  it.each([
    {
      what: 'asks with the ticket until the report is ready',
      answers: [waiting, waiting, () => json(200, { status: 'ready', report })],
      outcome: { kind: 'ready', report },
      reads: 3,
    },
    {
      what: 'stops at a 404 (a wrong key, an unknown id, an expired report)',
      answers: [waiting, () => json(404, { code: 'not_found' })],
      outcome: { kind: 'gone' },
      reads: 2,
    },
  ])('$what', async ({ answers, outcome, reads }) => {
    const { fetch, bodies, wait } = harness(answers);
    expect(await wait(60_000)).toEqual(outcome);
    expect(fetch).toHaveBeenCalledTimes(reads);
    expect(String(fetch.mock.calls[0]![0])).toBe('https://x.supabase.co/functions/v1/call-report');
    expect(bodies).toEqual(Array(reads).fill(ticket));
  });

  it('keeps asking through failures and unreachable reads, and gives up at the deadline', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetch, wait } = harness([
      () => json(502, { code: 'read_failed' }),
      () => Promise.reject(new TypeError('network')),
      waiting,
      () => json(200, { status: 'ready' }), // no report in it: not shown
    ]);
    expect(await wait(10_000)).toEqual({ kind: 'gave-up' });
    // One read per second of the fake clock, and none at or past the deadline.
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(10);
    expect(errors).toHaveBeenCalledWith('Lead card: call-report answered 502');
  });

  it('reads no more once stopped', async () => {
    const stop = new AbortController();
    const { fetch, wait } = harness([
      () => {
        stop.abort();
        return json(200, { status: 'ready', report });
      },
    ]);
    expect(await wait(60_000, stop.signal)).toEqual({ kind: 'gave-up' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits its turns on the real clock: the first read after `first`, then one each `every`', async () => {
    vi.useFakeTimers();
    try {
      const { client, fetch } = harness([waiting], 0);
      const done = waitForReport(
        client,
        pendingUntil(10_000, Date.now()),
        new AbortController().signal,
        {
          first: 1_500,
          every: 3_000,
          now: Date.now,
        },
      );
      await vi.advanceTimersByTimeAsync(1_499);
      expect(fetch).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(done).resolves.toEqual({ kind: 'gave-up' });
      // 1.5 s, 4.5 s, 7.5 s; the next turn (10.5 s) is past the deadline.
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
