import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { BookATime } from '@/components/book-a-time';
import { Button } from '@/components/ui/button';
import { Toaster, useToast } from '@/components/ui/toast';
import { brand } from '@/content/brand';
import { contactSection as copy } from '@/content/contact';
import { config } from '@/lib/config';
import type { BookingConfig } from '@/lib/booking';
import { onMessagePrefill } from '@/lib/visit';
import { lazyOr, loadOnce } from '@/lib/load-once';
import { earlySubmitProps, useEarlyPress } from '@/lib/early-press';
import { useHydrated } from '@/lib/use-hydrated';
import { LEAD_FIELDS, type LeadField } from '@shared/lead-fields.ts';
import { CallNowBox } from './call-now-box';
import type { CallNowResultProps } from './call-now-result';
import { ContactFieldControl } from './contact-field';
import type { ContactValues } from './submission';
import { CALL_TIMEOUT_MS } from './timeouts';
import { useCallNow } from './use-call-now';
import { useContactSubmission, type Send } from './use-contact-submission';
import { validateContact, type ContactErrors } from './validate';

/** The key of Send Message's early presses (see src/lib/early-press.ts). */
const EARLY_KEY = 'contact-submit';

/**
 * The sender (and, in the browser profile, supabase-js), loaded on the first focus of the form. A load that stalls fails
 * after the same 10 s as a call, so the button never stays on Sending....
 */
const loadSender = loadOnce(async () => {
  const sender = await import('./send-contact');
  await sender.prepareSender();
  return sender;
}, CALL_TIMEOUT_MS);
const preloadSender = () => void loadSender().catch(() => undefined);

/**
 * What follows the press with "Have the agent call me now" ticked (its stopwatch, or why the call
 * was not placed), fetched at the tick (or the press): never in the first load. If its code
 * cannot be fetched the call still goes; the form says nothing more.
 */
const loadResult = loadOnce(() => import('./call-now-result'), CALL_TIMEOUT_MS);
const CallNowResult = lazyOr<CallNowResultProps>(
  () => loadResult().then((module) => module.CallNowResult),
  () => null,
  "Contact form: the call's result could not be loaded",
);

/** The real sender, loaded on first use. */
const sendLazily: Send = async (id, values, botCheckPlace) =>
  (await loadSender()).sendContact(id, values, botCheckPlace);

/** What the fields hold now (the browser keeps them: the form is uncontrolled). */
function readValues(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  return Object.fromEntries(
    LEAD_FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
  ) as ContactValues;
}

interface ContactFormProps {
  /** Sends one submission; tests pass a fake. */
  send?: Send;
  /** The booking page offered once a message has gone (VITE_BOOKING_URL), or null. */
  booking?: BookingConfig | null;
}

export function ContactForm({ send = sendLazily, booking = config.booking }: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>({});
  const { toast, show, dismiss } = useToast();
  // Where the bot check goes, if the site's ceiling ever asks for one.
  const botCheckBox = useRef<HTMLDivElement>(null);
  const { state, submit } = useContactSubmission(send, () => botCheckBox.current);
  // "Have the agent call me now": offered where Call my phone is (the bot check is configured).
  const { state: callState, widget: callWidget, ...call } = useCallNow();
  const offerCall = Boolean(config.turnstile);
  const onCallTicked = (on: boolean) => {
    if (on) void loadResult().catch(() => undefined);
    call.ticked(on);
  };
  const submitting = state.status === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  // A press of Send Message before the app took over is replayed once, as a submit. Until then
  // the button is not a submit button: a native submit would be a GET that puts the visitor's
  // details in the URL and sends nothing.
  const live = useHydrated();
  const pressProps = useEarlyPress(EARLY_KEY, () => form.current?.requestSubmit(), {
    ready: live,
  });

  useEffect(() => {
    // A visitor already in the form when the app took over has had their focus event: load now.
    if (form.current?.contains(document.activeElement)) preloadSender();
    // Book a Call after a demo call starts the message for the visitor, unless they already have.
    return onMessagePrefill((message) => {
      const box = form.current?.elements.namedItem('message');
      if (box instanceof HTMLTextAreaElement && box.value.trim() === '') box.value = message;
    });
  }, []);

  const toastFor = (ok: boolean) => {
    const words = ok ? copy.toasts.success : copy.toasts.error;
    show({ ...words, variant: ok ? 'success' : 'destructive' });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The stopwatch of the call, if one is asked for, starts at this press.
    const pressedAt = performance.now();
    const element = event.currentTarget;
    if (submitting) return;
    const values = readValues(element);
    const found = validateContact(values);
    setErrors(found);
    const firstProblem = LEAD_FIELDS.find((field) => found[field]);
    if (firstProblem) {
      (element.elements.namedItem(firstProblem) as HTMLElement | null)?.focus();
      return;
    }
    if (new FormData(element).get('website')) {
      // A bot filled the field no person can see: look successful, send nothing.
      element.reset();
      toastFor(true);
      return;
    }
    dismiss();
    const callNow = offerCall && new FormData(element).get('call_now') === 'yes';
    if (callNow) call.pressed(pressedAt);
    const outcome = await submit(values);
    if (!outcome) return; // one was already on its way
    if (outcome.status === 'succeeded') element.reset();
    toastFor(outcome.status === 'succeeded');
    // The call follows the stored lead only: a message that did not go places no call.
    if (!callNow) return;
    if (outcome.status === 'succeeded') void call.follow(outcome.id, values.phone, pressedAt);
    else call.cancel();
  }

  // Typing into a field with a message takes the message away.
  const clearError = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as LeadField;
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
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
        onInput={clearError}
        onFocus={preloadSender}
        aria-labelledby="contact-heading"
        className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">{copy.requiredNote}</p>
        <noscript>
          <p className="text-sm font-medium text-danger sm:col-span-2">
            {copy.noScript} <a href={`mailto:${brand.email}`}>{brand.email}</a>.
          </p>
        </noscript>
        {LEAD_FIELDS.map((name) => (
          <ContactFieldControl key={name} name={name} error={errors[name]} />
        ))}
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive tech. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{copy.honeypotLabel}</label>
          <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        {offerCall ? <CallNowBox onChange={onCallTicked} /> : null}
        {/* The call's bot check (Turnstile's widget, rendered at the tick; empty, no space). */}
        <div ref={callWidget} className="empty:hidden sm:col-span-2" />
        {/* The bot check, asked for only when the site's ceiling turns a submission away
            (Turnstile's widget renders here; empty, it takes no space). */}
        <div ref={botCheckBox} className="empty:hidden sm:col-span-2" />
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
        {/* The call after the message: its stopwatch, or why it was not placed. */}
        {callState.kind !== 'none' ? (
          <Suspense fallback={null}>
            <CallNowResult state={callState} />
          </Suspense>
        ) : null}
        {/* After a sent message: Book a time, prefilled from it, the lead's id its metadata. */}
        {state.status === 'succeeded' && booking ? (
          <div className="text-slate-700 sm:col-span-2">
            <p className="mb-3">{copy.booking.intro}</p>
            <BookATime
              booking={booking}
              name={state.values.name}
              email={state.values.email}
              notes={state.values.message}
              leadId={state.id}
            />
          </div>
        ) : null}
      </form>
      {/* In the page's flow on phones (never over the form), in the corner on wide screens. */}
      <Toaster
        toast={toast}
        onDismiss={dismiss}
        dismissLabel={copy.toasts.dismiss}
        className="mt-4 lg:fixed lg:right-6 lg:bottom-6 lg:z-50 lg:mt-0 lg:w-96"
      />
    </>
  );
}
