// Words of Book a time (src/components/book-a-time.tsx): the button, in the first load where it
// is offered (after a sent message, under the lead card), and the inline booking it opens.

export const bookATime = {
  open: 'Book a time',
  // After the button's name, to a screen reader, when the booking page opens in a new tab.
  newTab: '(opens in a new tab)',
  // The inline booking's heading, and the name of its frame (the booking page itself).
  heading: 'Pick a time for a call',
  frameTitle: 'Booking calendar: pick a time for a call',
  close: 'Close',
  closeHint: 'the booking calendar',
  // While the booking's code arrives (a slow connection).
  opening: 'Opening the booking calendar…',
  // When the calendar cannot be shown: its code or the booking page did not load.
  failed: "The booking calendar didn't load.",
  // Always under the calendar, and with the failure: the same page, prefilled, in a new tab.
  elsewhere: 'Calendar not showing?',
  openInTab: 'Open the booking page',
} as const;
