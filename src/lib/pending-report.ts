import { useSyncExternalStore } from 'react';
import type { ReportTicket } from '@shared/contracts/report-read.ts';
import { config } from './config';

/**
 * The report this visitor's page waits for, shared between parts that may not import each
 * other: the voice demo, Call my phone and the chat say a report is on its way (with the ticket
 * their start answered with, contracts/report-read.ts), and the page shows the lead card for it.
 * The latest one wins: a visitor who tries the agent again sees the latest call's card.
 * Nothing here leaves the browser; the ticket is sent only to read the report.
 */

/** What the report is of: the card says which. */
export type ReportSource = 'webCall' | 'callback' | 'chat';

export interface PendingReport {
  ticket: ReportTicket;
  source: ReportSource;
  /** How long the page waits for it from now: past this it says so and stops asking. */
  waitMs: number;
  /** Date.now() when it was announced. */
  since: number;
}

/** How long the page waits for a report after a demo call or a chat ends. */
export const REPORT_WAIT_MS = 120_000;

/*
 * Module state, and who owns it: this module alone. `latest` is the report announced last and
 * `listeners` the components showing it; both live as long as the page and are written only
 * through announceReport (tests start clean with resetPendingReport, src/test/setup.ts).
 */
let latest: PendingReport | null = null;
const listeners = new Set<() => void>();

/**
 * How long the page waits for a report of `source`: a callback's comes when the phone call ends,
 * so the card waits for the call's longest length and then as long as after a demo call.
 */
const waitFor = (source: ReportSource) =>
  source === 'callback'
    ? (config.vapi?.maxCallSeconds ?? 0) * 1000 + REPORT_WAIT_MS
    : REPORT_WAIT_MS;

/** A call or chat ended (or a callback was placed) and its report is on its way. */
export function announceReport(
  ticket: ReportTicket | null,
  source: ReportSource,
  waitMs = waitFor(source),
): void {
  if (!ticket) return;
  latest = { ticket, source, waitMs, since: Date.now() };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The report announced last, or null (what the card shows: usePendingReport). */
export const latestReport = (): PendingReport | null => latest;

/** The report the page waits for (or shows), or null before any. */
export function usePendingReport(): PendingReport | null {
  return useSyncExternalStore(subscribe, latestReport, () => null);
}

export function resetPendingReport(): void {
  latest = null;
  listeners.clear();
}
