import type { Ref } from 'react';
import { callback as copy } from '@/content/callback';
import { cn } from '@/lib/cn';
import { PHONE_MAX_LENGTH } from '@shared/contracts/callback.ts';

/** The callback form's fields: `ids` is the form's id prefix, `onChange` clears the field's line. */
interface FieldProps {
  ids: string;
  error?: string;
  onChange: () => void;
}

/** The number: its label, the box, the hint and its line when it is wrong. */
export function PhoneField({
  ids,
  error,
  onChange,
  inputRef,
}: FieldProps & { inputRef: Ref<HTMLInputElement> }) {
  return (
    <>
      <label htmlFor={`${ids}-phone`} className="mt-4 mb-1.5 block text-sm font-semibold text-ink">
        {copy.phoneLabel}
      </label>
      <input
        ref={inputRef}
        id={`${ids}-phone`}
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${ids}-phone-hint${error ? ` ${ids}-phone-error` : ''}`}
        onInput={onChange}
        className={cn(
          'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink',
          error ? 'border-danger' : 'border-slate-400',
        )}
      />
      <p id={`${ids}-phone-hint`} className="mt-1 text-sm text-slate-600">
        {copy.phoneHint}
      </p>
      {error ? (
        <p id={`${ids}-phone-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The consent box (unticked), its label with the privacy link, and its line when not ticked. */
export function ConsentField({ ids, error, onChange }: FieldProps) {
  return (
    <>
      <div className="mt-4 flex items-start gap-3">
        <input
          id={`${ids}-consent`}
          name="consent"
          type="checkbox"
          value="yes"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-consent-error` : undefined}
          onChange={onChange}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={`${ids}-consent`} className="text-sm text-slate-800">
          {copy.consent}{' '}
          <a href="/privacy" className="font-semibold text-brand-700 underline">
            {copy.consentLink}
          </a>
        </label>
      </div>
      {error ? (
        <p id={`${ids}-consent-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What replaces the form once the call is on its way. */
export function CallbackAccepted() {
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
