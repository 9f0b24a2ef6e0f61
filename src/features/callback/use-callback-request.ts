import { useEffect, useRef, useState } from 'react';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { callback as copy } from '@/content/callback';
import { config, siteFunctions } from '@/lib/config';
import { funnel } from '@/lib/funnel';
import { announceReport } from '@/lib/pending-report';
import { readOwnBusiness, refuseOwnBusiness } from '@/lib/own-business';
import { REQUEST_CALLBACK } from '@shared/contracts/callback.ts';
import { createBotCheck, type BotCheckSession } from '@/lib/bot-check';
import { callbackBody, requestCallback, type CallbackOutcome } from '@/lib/request-callback';

export type CallbackField = 'phone' | 'consent';
export type FieldErrors = Partial<Record<CallbackField, string>>;
export type CallbackStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string };

/** The same request id for every try of the same number, as the function calls at most once per id; `focusField` moves focus to the field a line is about. */
export function useCallbackRequest(focusField: (field: CallbackField) => void) {
  const turnstile = config.turnstile!;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<CallbackStatus>({ kind: 'idle' });
  const botCheck = useRef<BotCheckSession | null>(null);
  const widget = useRef<HTMLDivElement>(null);
  const attempt = useRef<{ id: string; phone: string } | null>(null);

  useEffect(() => {
    // Prepared at mount, so a token is usually ready at the press.
    const check = createBotCheck(turnstile, () => widget.current, REQUEST_CALLBACK.action!);
    botCheck.current = check;
    check
      .prepare()
      .catch((error: unknown) => console.error('Call my phone: the bot check did not load', error));
    return () => check.remove();
  }, [turnstile]);

  const clearError = (field: CallbackField) =>
    errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));

  async function submit(form: HTMLFormElement) {
    if (status.kind === 'sending') return;
    const data = new FormData(form);
    const phone = String(data.get('phone') ?? '').trim();
    const consent = data.get('consent') === 'yes';
    const found: FieldErrors = {};
    if (!isValidPhoneNumber(phone, 'US')) found.phone = copy.errors.phone;
    if (!consent) found.consent = copy.errors.consent;
    setErrors(found);
    if (found.phone || found.consent) {
      focusField(found.phone ? 'phone' : 'consent');
      return;
    }
    // A business that breaks the rule sends nothing: its line is at its field.
    const business = readOwnBusiness();
    if (business === false) {
      setStatus({ kind: 'refused', message: copy.errors.business });
      return;
    }
    if (attempt.current?.phone !== phone) attempt.current = { id: crypto.randomUUID(), phone };
    setStatus({ kind: 'sending' });
    let outcome: CallbackOutcome;
    try {
      const captcha = await botCheck.current!.token();
      outcome = await requestCallback(
        callbackBody({
          id: attempt.current.id,
          phone,
          consent,
          captcha,
          ...(business ? { business } : {}),
        }),
        siteFunctions,
      );
    } catch (error) {
      outcome = { status: 'failed', detail: String(error) };
    }
    // A token is single-use: the widget starts on the next one now.
    botCheck.current?.renew();
    if (outcome.status === 'accepted') {
      funnel.callbackRequested(attempt.current.id);
      setStatus({ kind: 'accepted' });
      announceReport(outcome.report, 'callback');
      return;
    }
    if (outcome.status === 'invalid') {
      setErrors({ [outcome.field]: copy.errors[outcome.reason] });
      setStatus({ kind: 'idle' });
      focusField(outcome.field);
      return;
    }
    if (outcome.status === 'business') refuseOwnBusiness(outcome.field);
    if (outcome.status === 'failed')
      console.error('Call my phone: the request failed:', outcome.detail);
    setStatus({ kind: 'refused', message: copy.errors[outcome.status] });
  }

  return { errors, status, widget, clearError, submit };
}
