// Words of the "Type instead" button and what the page says of the chat before it opens; the
// chat's own words are in chat.ts (they load with the chat, on intent).

export const chatOffer = {
  open: 'Type instead',
  openHint: 'chat with the agent in writing, no microphone needed',
  // While the chat's code arrives (a slow connection).
  opening: 'Opening the chat…',
  // When the chat's code cannot be fetched.
  unavailable: "The chat didn't load. Please try again, or press Call my phone.",
  // In place of the voice demo when the microphone is refused or missing.
  micAlternatives: 'No microphone? Type to the agent instead, or let it call your phone.',
} as const;
