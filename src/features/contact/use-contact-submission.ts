import { useCallback, useRef, useState } from 'react';
import { funnel } from '@/lib/funnel';
import type { ContactValues, FailureReason, SubmissionResult } from './submission';

/** `botCheckPlace` is the form's element for the bot check, when the site's ceiling needs one. */
export type Send = (
  id: string,
  values: ContactValues,
  botCheckPlace: () => HTMLElement | null,
) => Promise<SubmissionResult>;

export type FailedStep = 'load' | 'insert' | 'webhook';

export type SubmissionState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'succeeded'; id: string; values: ContactValues }
  | { status: 'failed'; step: FailedStep; reason: FailureReason; detail: string };

/** The same id for every try of the same content, so a retry never stores a second row; `submit` resolves null when ignored. */
export function useContactSubmission(
  send: Send,
  botCheckPlace: () => HTMLElement | null = () => null,
) {
  const [state, setState] = useState<SubmissionState>({ status: 'idle' });
  // A ref, not state: a second Enter in the same tick must see the first submit at once.
  const inFlight = useRef(false);
  const current = useRef<{ id: string; content: string } | null>(null);

  const submit = useCallback(
    async (values: ContactValues): Promise<SubmissionState | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setState({ status: 'submitting' });
      const content = JSON.stringify(values);
      if (current.current?.content !== content)
        current.current = { id: crypto.randomUUID(), content };
      let next: SubmissionState;
      try {
        const result = await send(current.current.id, values, botCheckPlace);
        next = result.ok
          ? { status: 'succeeded', id: current.current.id, values }
          : { status: 'failed', step: result.step, reason: result.reason, detail: result.detail };
      } catch (error) {
        console.error('Contact form: the sender could not be loaded', error);
        next = { status: 'failed', step: 'load', reason: 'network', detail: String(error) };
      }
      if (next.status === 'succeeded') {
        funnel.leadSent(current.current.id);
        current.current = null;
      }
      inFlight.current = false;
      setState(next);
      return next;
    },
    [send, botCheckPlace],
  );

  return { state, submit };
}
