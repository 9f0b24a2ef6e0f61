import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { bookATime as copy } from '@/content/booking';
import { bookingLinkUrl, type BookingConfig, type BookingPrefill } from '@/lib/booking';
import { config } from '@/lib/config';
import { loadOnce } from '@/lib/load-once';
import type { InlineBookingProps } from './booking/inline-booking-props';

export interface BookATimeProps extends BookingPrefill {
  booking?: BookingConfig | null;
}

type InlineBooking = ComponentType<InlineBookingProps>;

/** One chunk per provider, fetched at the press (Calendly's module adds its stylesheet as it loads); a failure retries at the next press. */
const INLINE: Record<'cal' | 'calendly', () => Promise<InlineBooking>> = {
  cal: loadOnce(() => import('./booking/cal-inline').then((module) => module.CalInline)),
  calendly: loadOnce(() =>
    import('./booking/calendly-inline').then((module) => module.CalendlyInline),
  ),
};

type Inline =
  { status: 'loading' } | { status: 'ready'; Booking: InlineBooking } | { status: 'failed' };

function NewTabLink({
  href,
  children,
  className = 'font-semibold underline',
}: {
  href: string;
  children: string;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {copy.newTab}</span>
    </a>
  );
}

/** Cal.com and Calendly open inline with their code fetched at the press, never in the first load; any other page is a link. */
export function BookATime({ booking = config.booking, ...prefill }: BookATimeProps) {
  const [open, setOpen] = useState(false);
  const [inline, setInline] = useState<Inline>({ status: 'loading' });
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const panelId = `${ids}-booking`;
  const headingId = `${ids}-booking-heading`;

  // Opened: focus goes to its heading for keyboards and screen readers (closing gives it back).
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  if (!booking) return null;
  const link = bookingLinkUrl(booking, prefill);

  const provider = booking.provider;
  if (provider === 'link') {
    return (
      <NewTabLink href={link} className={buttonVariants({ variant: 'secondary' })}>
        {copy.open}
      </NewTabLink>
    );
  }

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // Each opening starts from `loading` and shares a load under way, so no result is stale.
  const toggle = () => {
    if (open) return close();
    setInline({ status: 'loading' });
    setOpen(true);
    INLINE[provider]().then(
      (Booking) => setInline({ status: 'ready', Booking }),
      (error: unknown) => {
        console.error(`${copy.open}: its code could not be loaded`, error);
        setInline({ status: 'failed' });
      },
    );
  };
  const failed = () => setInline({ status: 'failed' });

  return (
    <div>
      <Button
        ref={button}
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {copy.open}
      </Button>
      {open ? (
        // Escape anywhere in it closes it, as a dialog's would.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <div className="flex items-center justify-between gap-3">
            <h3
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-lg font-bold text-ink outline-none"
            >
              {copy.heading}
            </h3>
            <Button variant="secondary" size="sm" onClick={close}>
              {copy.close}
              <span className="sr-only"> {copy.closeHint}</span>
            </Button>
          </div>
          <div className="mt-3">
            {inline.status === 'failed' ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {copy.failed}
              </p>
            ) : inline.status === 'ready' ? (
              <inline.Booking
                booking={booking}
                prefill={prefill}
                title={copy.frameTitle}
                onFailed={failed}
              />
            ) : (
              <p role="status" className="text-sm text-slate-700">
                {copy.opening}
              </p>
            )}
          </div>
          <p className="mt-3 text-sm text-slate-700">
            {copy.elsewhere} <NewTabLink href={link}>{copy.openInTab}</NewTabLink>
          </p>
        </section>
      ) : null}
    </div>
  );
}
