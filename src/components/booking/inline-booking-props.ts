import type { BookingConfig, BookingPrefill } from '@/lib/booking';

export interface InlineBookingProps {
  booking: BookingConfig;
  prefill: BookingPrefill;
  title: string;
  /** Its script or the booking page did not load. */
  onFailed: () => void;
}
