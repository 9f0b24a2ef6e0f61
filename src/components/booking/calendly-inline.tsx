import { InlineWidget } from 'react-calendly';
import { calendlyProps } from '@/lib/booking';
import type { InlineBookingProps } from './inline-booking-props';

/** react-calendly loads no script of Calendly's; its module adds one stylesheet, which the CSP allows by hash. */
export function CalendlyInline({ booking, prefill, title }: InlineBookingProps) {
  const { prefill: fields, utm } = calendlyProps(prefill);
  return <InlineWidget url={booking.url} prefill={fields} utm={utm} iframeTitle={title} />;
}
