import { contactSection as copy } from '@/content/contact';

/** After a sent message: the owner's booking page (VITE_BOOKING_URL), in a new tab. */
export function BookingOffer({ url }: { url: string }) {
  return (
    <p className="text-slate-700 sm:col-span-2">
      {copy.booking.intro}{' '}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-brand-700 underline"
      >
        {copy.booking.link}
        <span className="sr-only"> {copy.booking.newTab}</span>
      </a>
    </p>
  );
}
