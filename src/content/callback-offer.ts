// Words of the "Call my phone" button, in the first load; the form's own words are in
// callback.ts (they load with the form, on intent).

export const callbackOffer = {
  open: 'Call my phone',
  openHint: 'The agent rings your phone within a minute',
  // While the form's code arrives (a slow connection).
  opening: 'Opening the call form…',
  // When the form's code cannot be fetched.
  unavailable: "We couldn't place the call. Please try again, or send the form below.",
} as const;
