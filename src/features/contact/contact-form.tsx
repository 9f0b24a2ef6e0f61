import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Button } from '@/components/ui/button';
import { Toaster, type ToastMessage } from '@/components/ui/toast';
import { brand } from '@/content/brand';
import { contactSection as copy } from '@/content/contact';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';
import { onMessagePrefill } from '@/lib/visit';
import { loadOnce } from '@/lib/load-once';
import { earlySubmitProps, useEarlyPress } from '@/lib/early-press';
import { useHydrated } from '@/lib/use-hydrated';
import type { ContactValues } from './submission';
import { CALL_TIMEOUT_MS } from './timeouts';
import { useContactSubmission, type Send } from './use-contact-submission';
import {
  FIELD_ORDER,
  MAX_LENGTH,
  validateContact,
  type ContactErrors,
  type ContactField,
} from './validate';

const EMPTY: ContactValues = { name: '', email: '', phone: '', company: '', message: '' };

/** The key of Send Message's early presses (see src/lib/early-press.ts). */
const EARLY_KEY = 'contact-submit';

const INPUT_TYPES: Record<Exclude<ContactField, 'message'>, string> = {
  name: 'text',
  email: 'email',
  phone: 'tel',
  company: 'text',
};

/**
 * The sender (and supabase-js), loaded on the first focus of the form. A load that stalls fails
 * after the same 10 s as a call, so the button never stays on Sending....
 */
const loadSender = loadOnce(() => import('./send-contact'), CALL_TIMEOUT_MS);

function makeToast(id: number, ok: boolean): ToastMessage {
  const words = ok ? copy.toasts.success : copy.toasts.error;
  return { id, ...words, variant: ok ? 'success' : 'destructive' };
}

/** The real sender, loaded on first use. */
const sendLazily: Send = async (id, values) => (await loadSender()).sendContact(id, values);

interface ContactFormProps {
  /** Sends one submission; tests pass a fake. */
  send?: Send;
  /** The booking page offered once a message has gone (VITE_BOOKING_URL), or null. */
  bookingUrl?: string | null;
}

export function ContactForm({
  send = sendLazily,
  bookingUrl = config.bookingUrl,
}: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const toastCount = useRef(0);
  const { state, submit } = useContactSubmission(send);
  const submitting = state.status === 'submitting';
  const sent = state.status === 'succeeded';
  const form = useRef<HTMLFormElement>(null);
  // A press of Send Message before the app took over is replayed once, as a submit. Until then
  // the button is not a submit button: a native submit would be a GET that puts the visitor's
  // details in the URL and sends nothing.
  const live = useHydrated();
  const pressProps = useEarlyPress(EARLY_KEY, () => form.current?.requestSubmit(), {
    ready: live,
  });
  const honeypot = useRef<HTMLInputElement>(null);
  const fields = useRef<
    Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>
  >({});

  // What the visitor typed into the served page before the app took over is theirs: adopt it.
  useLayoutEffect(() => {
    const typed = { ...EMPTY };
    let any = false;
    for (const name of FIELD_ORDER) {
      const value = fields.current[name]?.value ?? '';
      typed[name] = value.slice(0, MAX_LENGTH[name]);
      if (value) any = true;
    }
    if (!any) return;
    // The fields are the outside source here; reading them at commit leaves no gap for a keystroke.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues(typed);
    void loadSender().catch(() => undefined);
  }, []);

  // Book a Call after a demo call starts the message for the visitor, unless they already have.
  useEffect(
    () =>
      onMessagePrefill((message) =>
        setValues((current) => (current.message.trim() === '' ? { ...current, message } : current)),
      ),
    [],
  );

  const onChange =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const showToast = (ok: boolean) => setToast(makeToast((toastCount.current += 1), ok));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    const found = validateContact(values);
    setErrors(found);
    const firstProblem = FIELD_ORDER.find((field) => found[field]);
    if (firstProblem) {
      fields.current[firstProblem]?.focus();
      return;
    }

    if (honeypot.current?.value) {
      // A bot filled the field no person can see: look successful, send nothing.
      setValues(EMPTY);
      showToast(true);
      return;
    }

    setToast(null);
    const outcome = await submit(values);
    if (!outcome) return; // one was already on its way
    if (outcome.status === 'succeeded') setValues(EMPTY);
    showToast(outcome.status === 'succeeded');
  }

  const field = (name: ContactField) => {
    const id = `contact-${name}`;
    const errorId = `${id}-error`;
    const error = errors[name];
    const common = {
      id,
      name,
      value: values[name],
      onChange: onChange(name),
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
      <div
        className={
          name === 'message' || name === 'company' || name === 'name' ? 'sm:col-span-2' : undefined
        }
      >
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
          {copy.fields[name].label}
        </label>
        {name === 'message' ? (
          <textarea
            {...common}
            ref={(el) => {
              fields.current.message = el;
            }}
            rows={5}
            placeholder={copy.fields.message.placeholder}
          />
        ) : (
          <input
            {...common}
            ref={(el) => {
              fields.current[name] = el;
            }}
            type={INPUT_TYPES[name]}
            autoComplete={copy.fields[name].autoComplete}
            inputMode={name === 'phone' ? 'tel' : name === 'email' ? 'email' : undefined}
          />
        )}
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      {/* Focus anywhere in the form starts loading the sender, so a submit does not wait for it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <form
        ref={form}
        {...earlySubmitProps(EARLY_KEY)}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadSender().catch(() => undefined)}
        aria-labelledby="contact-heading"
        className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">{copy.requiredNote}</p>
        <noscript>
          <p className="text-sm font-medium text-danger sm:col-span-2">
            {copy.noScript} <a href={`mailto:${brand.email}`}>{brand.email}</a>.
          </p>
        </noscript>
        {field('name')}
        {field('email')}
        {field('phone')}
        {field('company')}
        {field('message')}
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive tech. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{copy.honeypotLabel}</label>
          <input
            id="contact-website"
            ref={honeypot}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <div className="sm:col-span-2">
          <Button
            type={live ? 'submit' : 'button'}
            {...pressProps}
            disabled={submitting}
            className="w-full sm:w-auto"
          >
            {submitting ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
              />
            ) : null}
            {submitting ? copy.submitting : copy.submit}
          </Button>
        </div>
        {sent && bookingUrl ? (
          <p className="text-slate-700 sm:col-span-2">
            {copy.booking.intro}{' '}
            <a
              href={bookingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {copy.booking.link}
              <span className="sr-only"> {copy.booking.newTab}</span>
            </a>
          </p>
        ) : null}
      </form>
      {/* In the page's flow on phones (never over the form), in the corner on wide screens. */}
      <Toaster
        toast={toast}
        onDismiss={() => setToast(null)}
        dismissLabel={copy.toasts.dismiss}
        className="mt-4 lg:fixed lg:right-6 lg:bottom-6 lg:z-50 lg:mt-0 lg:w-96"
      />
    </>
  );
}
