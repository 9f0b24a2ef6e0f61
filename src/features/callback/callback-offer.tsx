import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { callback as copy } from '@/content/callback';
import { config } from '@/lib/config';
import { useEarlyPress } from '@/lib/early-press';
import { loadOnce } from '@/lib/load-once';

/** The form's code (with libphonenumber-js), fetched on intent: hover, focus or press. */
const loadForm = loadOnce(() => import('./callback-form'));
const prefetch = () => void loadForm().catch(() => undefined);

/** What shows when the form's code cannot be fetched: the rest of the page keeps working. */
function FormUnavailable() {
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {copy.errors.failed}
    </p>
  );
}

const CallbackForm = lazy(() =>
  loadForm()
    .then((module) => ({ default: module.CallbackForm }))
    .catch((error: unknown) => {
      console.error('Call my phone: the form could not be loaded', error);
      return { default: FormUnavailable };
    }),
);

/**
 * "Call my phone" in the hero: a button that opens the callback form. Offered only when the bot
 * check is configured (VITE_TURNSTILE_SITE_KEY, with the functions deployed); a press before
 * the page has taken over opens it once, like the other controls.
 */
export interface CallbackOfferProps {
  /** Open or not: the page holds it, so another control (the voice demo's) can open the form. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CallbackOffer({ open, onOpenChange: setOpen }: CallbackOfferProps) {
  const button = useRef<HTMLButtonElement>(null);
  const closedByVisitor = useRef(false);
  const pressProps = useEarlyPress('callback-open', () => setOpen(true));

  useEffect(() => {
    // Closing the form puts the keyboard back on the button that opened it.
    if (!open && closedByVisitor.current) button.current?.focus();
  }, [open]);

  if (!config.turnstile) return null;
  if (!open) {
    return (
      <Button
        {...pressProps}
        ref={button}
        variant="secondary"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {copy.open}
        <span className="sr-only"> ({copy.openHint})</span>
      </Button>
    );
  }
  return (
    // On a slow phone the form's code may take a moment: say so, where the button was.
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-700">
          {copy.opening}
        </p>
      }
    >
      <CallbackForm
        onClose={() => {
          closedByVisitor.current = true;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
