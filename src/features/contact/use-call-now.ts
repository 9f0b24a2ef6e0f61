import { useCallback, useRef, useState } from 'react';
import type { callNow } from '@/content/call-now';
import type { ReportTicket } from '@shared/contracts/report-read.ts';
import { loadOnce } from '@/lib/load-once';
import { announceReport } from '@/lib/pending-report';
import type { CallbackOutcome } from '@/lib/request-callback';
import { CALL_TIMEOUT_MS } from './timeouts';

/** Why the call did not go, as the words say it (src/content/call-now.ts, `refused`). */
export type CallRefusal = Exclude<keyof typeof callNow.refused, 'sent' | 'after'>;

/**
 * The call after a sent message: none asked for; being asked for; placed, with the ticket its
 * stopwatch reads and the press it counts from; or not placed, and why (the message is sent
 * either way).
 */
export type CallNowState =
  | { kind: 'none' }
  /** The box was ticked at the press: the message is on its way, the stopwatch running. */
  | { kind: 'sending'; pressedAt: number }
  | { kind: 'asking'; pressedAt: number }
  | { kind: 'placed'; id: string; ticket: ReportTicket | null; pressedAt: number }
  | { kind: 'refused'; why: CallRefusal };

/** The call's code and its bot check, fetched at the tick (or at the press, if that came first). */
const loadCallNow = loadOnce(() => import('./call-now'), CALL_TIMEOUT_MS);

/** What each refusal of request-callback tells the visitor. */
function refusalOf(outcome: Exclude<CallbackOutcome, { status: 'accepted' }>): CallRefusal {
  switch (outcome.status) {
    case 'invalid':
      return outcome.reason === 'country' ? 'country' : 'invalid';
    case 'bot-check':
      return 'botCheck';
    case 'limited':
      return 'limited';
    case 'uncertain':
      return 'uncertain';
    default:
      return 'failed';
  }
}

/**
 * "Have the agent call me now", apart from what it looks like: `ticked` loads the call's code
 * and its bot check (into the `widget` element); `follow` asks for the call once the lead is
 * stored, and the state says what came of it.
 */
export function useCallNow() {
  const [state, setState] = useState<CallNowState>({ kind: 'none' });
  /** The call's bot check renders in this element. */
  const widget = useRef<HTMLDivElement>(null);

  const ticked = useCallback((on: boolean) => {
    void loadCallNow().then(
      (callNow) => (on ? callNow.prepareCallNow(() => widget.current) : callNow.dropCallNow()),
      (error: unknown) => console.error('Contact form: the call could not be loaded', error),
    );
  }, []);

  /** The press, with the box ticked: the stopwatch starts now (and its code, if not yet here). */
  const pressed = useCallback((pressedAt: number) => {
    setState({ kind: 'sending', pressedAt });
  }, []);
  /** The message was not sent: no call, and the form says why (its toast). */
  const cancel = useCallback(() => setState({ kind: 'none' }), []);

  const follow = useCallback(async (leadId: string, phone: string, pressedAt: number) => {
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
      // The lead card shows its report once the call ends, as after Call my phone.
      announceReport(outcome.report, 'callback');
      return;
    }
    if (outcome.status === 'failed')
      console.error('Contact form: the call was not placed:', outcome.detail);
    setState({ kind: 'refused', why: refusalOf(outcome) });
  }, []);

  return { state, widget, ticked, pressed, cancel, follow };
}
