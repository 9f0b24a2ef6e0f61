import { contactSection as copy } from '@/content/contact';
import { cn } from '@/lib/cn';
import { MAX_LENGTH, type ContactField } from './validate';

const INPUT_TYPES: Record<Exclude<ContactField, 'message'>, string> = {
  name: 'text',
  email: 'email',
  phone: 'tel',
  company: 'text',
};

const INPUT_MODES: Partial<Record<ContactField, 'tel' | 'email'>> = {
  phone: 'tel',
  email: 'email',
};
const WIDE: ContactField[] = ['name', 'company', 'message'];

/**
 * One labelled field of the contact form, uncontrolled: the browser keeps what is typed (also
 * before the app has taken over the served page), and the form reads it on submit.
 */
export function ContactFieldControl({ name, error }: { name: ContactField; error?: string }) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue: '',
    required: name !== 'company',
    maxLength: MAX_LENGTH[name],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cn(
      'w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink',
      error ? 'border-danger' : 'border-slate-400',
    ),
  };
  return (
    <div className={WIDE.includes(name) ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {copy.fields[name].label}
      </label>
      {name === 'message' ? (
        <textarea {...common} rows={5} placeholder={copy.fields.message.placeholder} />
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[name]}
          autoComplete={copy.fields[name].autoComplete}
          inputMode={INPUT_MODES[name]}
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
