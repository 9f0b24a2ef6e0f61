import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { Button } from '@/components/ui/button';
import { callback as copy } from '@/content/callback';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';
import { landingUtm, visitEstimate, visitId } from '@/lib/visit';
import { funnel } from '@/lib/funnel';
import { agentVariables } from '@/lib/agent-variables';
import {
  CURRENT_CONSENT_VERSION,
  PHONE_MAX_LENGTH,
  REQUEST_CALLBACK,
} from '@shared/contracts/callback.ts';
import { createBotCheck, type BotCheckSession } from '@/lib/bot-check';
import { requestCallback, type CallbackOutcome } from './request-callback';

/**
 * "Call my phone", opened: the number, the consent box and Call me now. Loaded on intent with
 * libphonenumber-js and Turnstile, never on first paint. The same request id goes with every
 * try of the same number (the function calls at most once per id); a new number gets a new one.
 */

type FieldErrors = Partial<Record<'phone' | 'consent', string>>;
type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string };

const FIELD_WORDS = {
  phone: copy.errors.phone,
  country: copy.errors.country,
  consent: copy.errors.consent,
} as const;

export interface CallbackFormProps {
  /** Sends the request (tests pass a fake). */
  send?: typeof requestCallback;
  onClose: () => void;
}

export function CallbackForm({ send = requestCallback, onClose }: CallbackFormProps) {
  const turnstile = config.turnstile!;
  const ids = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const botCheck = useRef<BotCheckSession | null>(null);
  const widget = useRef<HTMLDivElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const attempt = useRef<{ id: string; phone: string } | null>(null);

  useEffect(() => {
    // The bot check runs while the visitor types: its token is usually ready at the press.
    const check = createBotCheck(turnstile, () => widget.current, REQUEST_CALLBACK.action!);
    botCheck.current = check;
    check
      .prepare()
      .catch((error: unknown) => console.error('Call my phone: the bot check did not load', error));
    phoneInput.current?.focus();
    return () => check.remove();
  }, [turnstile]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const data = new FormData(event.currentTarget);
    const phone = String(data.get('phone') ?? '').trim();
    const consent = data.get('consent') === 'yes';
    const found: FieldErrors = {};
    if (!isValidPhoneNumber(phone, 'US')) found.phone = copy.errors.phone;
    if (!consent) found.consent = copy.errors.consent;
    setErrors(found);
    if (found.phone || found.consent) {
      document.getElementById(`${ids}-${found.phone ? 'phone' : 'consent'}`)?.focus();
      return;
    }
    if (attempt.current?.phone !== phone) attempt.current = { id: crypto.randomUUID(), phone };
    setStatus({ kind: 'sending' });
    let outcome: CallbackOutcome;
    try {
      const captcha = await botCheck.current!.token();
      const estimate = visitEstimate();
      outcome = await send(
        {
          id: attempt.current.id,
          phone,
          consent,
          consent_version: CURRENT_CONSENT_VERSION,
          captcha,
          estimate: estimate?.estimate ?? null,
          variables: agentVariables(),
          page: window.location.pathname,
          utm: landingUtm(),
          visit_id: visitId(),
        },
        { functionsUrl: config.functionsUrl, anonKey: config.supabaseAnonKey },
      );
    } catch (error) {
      outcome = { status: 'failed', detail: String(error) };
    }
    // A token is single-use: the widget starts on the next one now.
    botCheck.current?.renew();
    if (outcome.status === 'accepted') {
      funnel.callbackRequested(attempt.current.id);
      setStatus({ kind: 'accepted' });
      return;
    }
    if (outcome.status === 'invalid') {
      setErrors({ [outcome.field]: FIELD_WORDS[outcome.reason] });
      setStatus({ kind: 'idle' });
      document.getElementById(`${ids}-${outcome.field}`)?.focus();
      return;
    }
    if (outcome.status === 'failed')
      console.error('Call my phone: the request failed:', outcome.detail);
    const message =
      outcome.status === 'bot-check'
        ? copy.errors.botCheck
        : outcome.status === 'limited'
          ? copy.errors.limited
          : outcome.status === 'uncertain'
            ? copy.errors.uncertain
            : copy.errors.failed;
    setStatus({ kind: 'refused', message });
  }

  if (status.kind === 'accepted') {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-700 bg-green-50 p-4 text-left text-green-950"
      >
        <p className="font-semibold">{copy.accepted.title}</p>
        <p className="mt-1 text-sm">{copy.accepted.body}</p>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  const fieldClass = (error?: string) =>
    cn(
      'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink',
      error ? 'border-danger' : 'border-slate-400',
    );
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${ids}-heading`}
      className="w-full max-w-md rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-lg font-bold text-ink">
          {copy.heading}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-m-2 min-h-11 rounded-md px-2 text-sm font-medium text-slate-700 underline"
        >
          {copy.close}
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">{copy.intro}</p>
      <label htmlFor={`${ids}-phone`} className="mt-4 mb-1.5 block text-sm font-semibold text-ink">
        {copy.phoneLabel}
      </label>
      <input
        ref={phoneInput}
        id={`${ids}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        required
        aria-invalid={errors.phone ? true : undefined}
        aria-describedby={`${ids}-phone-hint${errors.phone ? ` ${ids}-phone-error` : ''}`}
        onInput={() => errors.phone && setErrors((e) => ({ ...e, phone: undefined }))}
        className={fieldClass(errors.phone)}
      />
      <p id={`${ids}-phone-hint`} className="mt-1 text-sm text-slate-600">
        {copy.phoneHint}
      </p>
      {errors.phone ? (
        <p id={`${ids}-phone-error`} className="mt-1 text-sm font-medium text-danger">
          {errors.phone}
        </p>
      ) : null}
      <div className="mt-4 flex items-start gap-3">
        <input
          id={`${ids}-consent`}
          name="consent"
          type="checkbox"
          value="yes"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${ids}-consent-error` : undefined}
          onChange={() => errors.consent && setErrors((e) => ({ ...e, consent: undefined }))}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={`${ids}-consent`} className="text-sm text-slate-800">
          {copy.consent}{' '}
          <a href="/privacy" className="font-semibold text-brand-700 underline">
            {copy.consentLink}
          </a>
        </label>
      </div>
      {errors.consent ? (
        <p id={`${ids}-consent-error`} className="mt-1 text-sm font-medium text-danger">
          {errors.consent}
        </p>
      ) : null}
      {/* Turnstile's widget (a small box; the local stand-in says it is one). */}
      <div ref={widget} className="mt-4 min-h-[1.5rem] text-xs text-slate-600" />
      <Button type="submit" disabled={sending} className="mt-4 w-full">
        {sending ? copy.submitting : copy.submit}
      </Button>
      <div role="alert" className="mt-3 text-sm font-medium text-danger empty:hidden">
        {status.kind === 'refused' ? status.message : null}
      </div>
    </form>
  );
}
