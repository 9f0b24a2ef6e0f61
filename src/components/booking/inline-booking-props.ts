import type { BookingConfig, BookingPrefill } from '@/lib/booking';

/** What an inline booking (Cal.com's embed, Calendly's widget) gets from Book a time. */
export interface InlineBookingProps {
  booking: BookingConfig;
  prefill: BookingPrefill;
  /** The accessible name of the booking page's frame. */
  title: string;
  /** The calendar cannot be shown (its script or the booking page did not load). */
  onFailed: () => void;
}
