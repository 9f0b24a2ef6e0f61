import { createContext, useContext } from 'react';

export type BookCall = () => Promise<void>;

/** The app provides it, so the layout does not depend on the page that owns the form. */
export const BookCallContext = createContext<BookCall | null>(null);

export function useBookCallAction(): BookCall {
  const bookCall = useContext(BookCallContext);
  if (!bookCall) throw new Error('Book a Call needs the app (BookCallContext) above it.');
  return bookCall;
}
