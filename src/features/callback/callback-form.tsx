import { useEffect, useId, useRef, type FormEvent } from 'react';
import { PanelHeader } from '@/components/intent-panel';
import { Button } from '@/components/ui/button';
import { callback as copy } from '@/content/callback';
import { requestCallback } from './request-callback';
import { useCallbackRequest, type CallbackField } from './use-callback-request';
import { CallbackAccepted, ConsentField, PhoneField } from './callback-fields';

/**
 * "Call my phone", opened: the number, the consent box and Call me now. Loaded on intent with
 * libphonenumber-js and Turnstile, never on first paint. The same request id goes with every
 * try of the same number (the function calls at most once per id); a new number gets a new one.
 */

export interface CallbackFormProps {
  /** Sends the request (tests pass a fake). */
  send?: typeof requestCallback;
  onClose: () => void;
}

export function CallbackForm({ send = requestCallback, onClose }: CallbackFormProps) {
  const ids = useId();
  const focusField = (field: CallbackField) => document.getElementById(`${ids}-${field}`)?.focus();
  const { errors, status, widget, clearError, submit } = useCallbackRequest(send, focusField);
  const phoneInput = useRef<HTMLInputElement>(null);

  // After the bot check's preparation (the hook's effect): the number's box has the focus.
  useEffect(() => {
    phoneInput.current?.focus();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget);
  }

  if (status.kind === 'accepted') return <CallbackAccepted />;

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
      <PhoneField
        ids={ids}
        error={errors.phone}
        onChange={() => clearError('phone')}
        inputRef={phoneInput}
      />
      <ConsentField ids={ids} error={errors.consent} onChange={() => clearError('consent')} />
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
