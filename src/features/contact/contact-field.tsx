import { contactSection as copy } from '@/content/contact';
import { cn } from '@/lib/cn';
import { leadField, type LeadField } from '@shared/lead-fields.ts';

/**
 * Uncontrolled, so what is typed before take-over stays. maxlength is the database's byte limit:
 * a character takes at least one byte, so it never stops what the database takes.
 */
export function ContactFieldControl({ name, error }: { name: LeadField; error?: string }) {
  const { input, autoComplete, required, maxBytes, wide } = leadField(name);
  const words = copy.fields[name];
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue: '',
    required,
    maxLength: maxBytes,
    autoComplete,
    placeholder: words.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cn(
      'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink',
      error ? 'border-danger' : 'border-slate-400',
    ),
  };
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {words.label}
      </label>
      {input === 'textarea' ? (
        <textarea {...common} rows={5} />
      ) : (
        <input
          {...common}
          type={input}
          inputMode={input === 'tel' || input === 'email' ? input : undefined}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
