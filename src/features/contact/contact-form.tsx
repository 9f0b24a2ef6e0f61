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

const EARLY_KEY = 'contact-submit';

/**
 * Loaded on the form's first focus. A load fails once nothing has arrived for the same 10 s as a
 * call, so the button never stays on Sending... on a dead network, yet a slow one is waited for.
 */
let senderReady = false;
const loadSender = loadOnce(async () => {
  const sender = await import('./send-contact');
  await sender.prepareSender();
  senderReady = true;
  return sender;
}, CALL_TIMEOUT_MS);
const preloadSender = () => void loadSender().catch(() => undefined);
const senderStillLoading = () => (senderReady ? null : loadSender());

/** Fetched at the tick or the press, never in the first load; if it can't load, the call still goes. */
const loadResult = loadOnce(() => import('./call-now-result'), CALL_TIMEOUT_MS);
const CallNowResult = lazyOr<CallNowResultProps>(
  () => loadResult().then((module) => module.CallNowResult),
  () => null,
  "Contact form: the call's result could not be loaded",
);

const sendLazily: Send = async (id, values, botCheckPlace) =>
  (await loadSender()).sendContact(id, values, botCheckPlace);

interface ContactFormProps {
  send?: Send;
  /** The code a send still waits for, or null once it is here (a `send` given brings its own). */
  codeStillLoading?: () => Promise<unknown> | null;
  booking?: BookingConfig | null;
}

export function ContactForm({
  send = sendLazily,
  codeStillLoading = send === sendLazily ? senderStillLoading : () => null,
  booking = config.booking,
}: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>({});
  const [stillLoading, setStillLoading] = useState(false);
  const { toast, show, dismiss } = useToast();
  // Where the bot check goes if the site's ceiling ever asks for one.
  const botCheckBox = useRef<HTMLDivElement>(null);
  const { state, submit } = useContactSubmission(send, () => botCheckBox.current);
  const { state: callState, widget: callWidget, ...call } = useCallNow();
  const onCallTicked = (on: boolean) => {
    if (on) void loadResult().catch(() => undefined);
    call.ticked(on);
  };
  const submitting = state.status === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  // Until the app takes over the button is not a submit: a native submit would be a GET that
  // puts the visitor's details in the URL and sends nothing.
  const live = useHydrated();
  const pressProps = useEarlyPress(EARLY_KEY, () => form.current?.requestSubmit(), {
    ready: live,
  });

  useEffect(() => {
    // A visitor already in the form has had their focus event: load now.
    if (form.current?.contains(document.activeElement)) preloadSender();
    return onMessagePrefill((message) => {
      const box = form.current?.elements.namedItem('message');
      if (box instanceof HTMLTextAreaElement && box.value.trim() === '') box.value = message;
    });
  }, []);

  const toastFor = (ok: boolean, words?: { title: string; description: string }) => {
    words ??= ok ? copy.toasts.success : copy.toasts.error;
    show({ ...words, variant: ok ? 'success' : 'destructive' });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pressedAt = performance.now();
    const element = event.currentTarget;
    if (submitting) return;
    const data = new FormData(element);
    const values = Object.fromEntries(
      LEAD_FIELDS.map((field) => [field, String(data.get(field) ?? '')]),
    ) as ContactValues;
    const found = validateContact(values);
    setErrors(found);
    const firstProblem = LEAD_FIELDS.find((field) => found[field]);
    if (firstProblem) {
      (element.elements.namedItem(firstProblem) as HTMLElement | null)?.focus();
      return;
    }
    if (data.get('website')) {
      // A bot filled the field no person can see: look successful, send nothing.
      element.reset();
      toastFor(true);
      return;
    }
    dismiss();
    const callNow = data.get('call_now') === 'yes';
    if (callNow) call.pressed(pressedAt);
    const code = codeStillLoading();
    if (code) {
      setStillLoading(true);
      const arrived = () => setStillLoading(false);
      void code.then(arrived, arrived);
    }
    const outcome = await submit(values);
    if (!outcome) return; // one was already on its way
    const sent = outcome.status === 'succeeded';
    if (sent) element.reset();
    const notLoaded = outcome.status === 'failed' && outcome.step === 'load';
    toastFor(sent, notLoaded ? copy.toasts.loadError : undefined);
    // No call without a stored lead.
    if (callNow) void call.follow(sent ? outcome.id : null, values.phone, pressedAt);
  }

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
        {config.turnstile ? <CallNowBox onChange={onCallTicked} /> : null}
        <div ref={callWidget} className="empty:hidden sm:col-span-2" />
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
          {/* Always in the page, so a screen reader hears the words when they show; a live
              region without the status role, which the toasts' region has. Before the app takes
              over, a held press shows them by CSS (src/styles/index.css). */}
          <p aria-live="polite" className="text-sm text-slate-600">
            <span data-early-status className={stillLoading ? 'mt-2 block' : 'hidden'}>
              {copy.stillLoading}
            </span>
          </p>
        </div>
        {callState.kind !== 'none' ? (
          <Suspense fallback={null}>
            <CallNowResult state={callState} />
          </Suspense>
        ) : null}
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
      <Toaster
        toast={toast}
        onDismiss={dismiss}
        dismissLabel={copy.toasts.dismiss}
        className="mt-4 lg:fixed lg:right-6 lg:bottom-6 lg:z-50 lg:mt-0 lg:w-96"
      />
    </>
  );
}
