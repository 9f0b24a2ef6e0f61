import { InlineWidget } from 'react-calendly';
import { calendlyProps } from '@/lib/booking';
import type { InlineBookingProps } from './inline-booking-props';

/**
 * Calendly's booking page inline, by `react-calendly`'s InlineWidget: a frame of the booking
 * URL with the prefill in its query (react-calendly builds it; it loads no script of
 * Calendly's), the lead's id as `utm_content`. Its module adds one stylesheet to the page, which
 * the CSP allows by hash (scripts/lib/booking-styles.ts).
 */
export function CalendlyInline({ booking, prefill, title }: InlineBookingProps) {
  const { prefill: fields, utm } = calendlyProps(prefill);
  return <InlineWidget url={booking.url} prefill={fields} utm={utm} iframeTitle={title} />;
}
