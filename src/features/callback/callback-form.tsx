import { useEffect, useId, type FormEvent } from 'react';
import { PHONE_MAX_LENGTH } from '@shared/contracts/callback.ts';
import { ConsentWords } from '@/components/consent-words';
import { PanelHeader, type PanelProps } from '@/components/intent-panel';
import { Button } from '@/components/ui/button';
import { callback as copy } from '@/content/callback';
import { cn } from '@/lib/cn';
import { useCallbackRequest, type CallbackField } from './use-callback-request';

export function CallbackForm({ onClose }: PanelProps) {
  const ids = useId();
  const focusField = (field: CallbackField) => document.getElementById(`${ids}-${field}`)?.focus();
  const { errors, status, widget, clearError, submit } = useCallbackRequest(focusField);

  // After the hook's effect prepared the bot check, the number's box takes the focus.
  useEffect(() => document.getElementById(`${ids}-phone`)?.focus(), [ids]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget);
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

  const fieldError = (field: CallbackField) =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[field]}
      </p>
    ) : null;
  const sending = status.kind === 'sending';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${ids}-heading`}
      className="w-full max-w-md rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200"
    >
      <PanelHeader id={`${ids}-heading`} heading={copy.heading} align="start">
        <button
          type="button"
          onClick={onClose}
          className="-m-2 min-h-11 rounded-md px-2 text-sm font-medium text-slate-700 underline"
        >
          {copy.close}
        </button>
      </PanelHeader>
      <p className="mt-1 text-sm text-slate-700">{copy.intro}</p>
      <label htmlFor={`${ids}-phone`} className="mt-4 mb-1.5 block text-sm font-semibold text-ink">
        {copy.phoneLabel}
      </label>
      <input
        id={`${ids}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        required
        aria-invalid={errors.phone ? true : undefined}
        aria-describedby={`${ids}-phone-hint${errors.phone ? ` ${ids}-phone-error` : ''}`}
        onInput={() => clearError('phone')}
        className={cn(
          'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink',
          errors.phone ? 'border-danger' : 'border-slate-400',
        )}
      />
      <p id={`${ids}-phone-hint`} className="mt-1 text-sm text-slate-600">
        {copy.phoneHint}
      </p>
      {fieldError('phone')}
      <div className="mt-4 flex items-start gap-3">
        <input
          id={`${ids}-consent`}
          name="consent"
          type="checkbox"
          value="yes"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${ids}-consent-error` : undefined}
          onChange={() => clearError('consent')}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={`${ids}-consent`} className="text-sm text-slate-800">
          <ConsentWords copy={copy} />
        </label>
      </div>
      {fieldError('consent')}
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
