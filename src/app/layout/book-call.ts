import { createContext, useContext } from 'react';

/** Book a Call: brings the contact form into view, from any page. */
export type BookCall = () => Promise<void>;

/**
 * Where the layout finds Book a Call. The home page owns the form it leads to; the app
 * provides it here, so the layout does not depend on a page (an arrow that runs one way).
 */
export const BookCallContext = createContext<BookCall | null>(null);

export function useBookCallAction(): BookCall {
  const bookCall = useContext(BookCallContext);
  if (!bookCall) throw new Error('Book a Call needs the app (BookCallContext) above it.');
  return bookCall;
}
