import { useCallback, useRef, useState } from 'react';
import type { callNow } from '@/content/call-now';
import type { ReportTicket } from '@shared/contracts/report-read.ts';
import { loadOnce } from '@/lib/load-once';
import { announceReport } from '@/lib/pending-report';
import type { CallbackOutcome } from '@/lib/request-callback';
import { CALL_TIMEOUT_MS } from './timeouts';

export type CallRefusal = Exclude<keyof typeof callNow.refused, 'sent' | 'after'>;

export type CallNowState =
  | { kind: 'none' }
  | { kind: 'sending'; pressedAt: number }
  | { kind: 'asking'; pressedAt: number }
  | { kind: 'placed'; id: string; ticket: ReportTicket | null; pressedAt: number }
  | { kind: 'refused'; why: CallRefusal };

const loadCallNow = loadOnce(() => import('./call-now'), CALL_TIMEOUT_MS);

function refusalOf(outcome: Exclude<CallbackOutcome, { status: 'accepted' }>): CallRefusal {
  if (outcome.status === 'invalid') return outcome.reason === 'country' ? 'country' : 'invalid';
  // A call that follows a lead names no business of the visitor's.
  return outcome.status === 'business' ? 'failed' : outcome.status;
}

export function useCallNow() {
  const [state, setState] = useState<CallNowState>({ kind: 'none' });
  const widget = useRef<HTMLDivElement>(null);

  const ticked = useCallback((on: boolean) => {
    void loadCallNow().then(
      (callNow) => (on ? callNow.prepareCallNow(() => widget.current) : callNow.dropCallNow()),
      (error: unknown) => console.error('Contact form: the call could not be loaded', error),
    );
  }, []);

  const pressed = useCallback((pressedAt: number) => setState({ kind: 'sending', pressedAt }), []);

  /** `leadId` null: the lead was not stored, so no call. */
  const follow = useCallback(async (leadId: string | null, phone: string, pressedAt: number) => {
    if (leadId === null) return setState({ kind: 'none' });
    setState({ kind: 'asking', pressedAt });
    let outcome: CallbackOutcome;
    try {
      const callNow = await loadCallNow();
      outcome = await callNow.requestCallNow(leadId, phone, pressedAt, () => widget.current);
    } catch (error) {
      outcome = { status: 'failed', detail: String(error) };
    }
    if (outcome.status === 'accepted') {
      setState({ kind: 'placed', id: leadId, ticket: outcome.report, pressedAt });
      announceReport(outcome.report, 'callback');
      return;
    }
    if (outcome.status === 'failed')
      console.error('Contact form: the call was not placed:', outcome.detail);
    setState({ kind: 'refused', why: refusalOf(outcome) });
  }, []);

  return { state, widget, ticked, pressed, follow };
}
