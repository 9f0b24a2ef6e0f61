import { useSyncExternalStore } from 'react';
import type { ReportTicket } from '@shared/contracts/report-read.ts';
import { config } from './config';

/** Shared by features that may not import each other; the latest announced report wins. */

export type ReportSource = 'webCall' | 'callback' | 'chat';

export interface PendingReport {
  ticket: ReportTicket;
  source: ReportSource;
  /** Past this the page says so and stops asking. */
  waitMs: number;
  since: number;
}

export const REPORT_WAIT_MS = 120_000;

let latest: PendingReport | null = null;
const listeners = new Set<() => void>();

/** A callback's report comes when the phone call ends, so the card also waits for the call's longest length. */
const waitFor = (source: ReportSource) =>
  source === 'callback'
    ? (config.vapi?.maxCallSeconds ?? 0) * 1000 + REPORT_WAIT_MS
    : REPORT_WAIT_MS;

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

export const latestReport = (): PendingReport | null => latest;

export function usePendingReport(): PendingReport | null {
  return useSyncExternalStore(subscribe, latestReport, () => null);
}

export function resetPendingReport(): void {
  latest = null;
  listeners.clear();
}
