// Words of "Type instead": the chat with the same agent as the voice demo.

/** The chat's own words (loaded with the chat, on intent). */
export const chat = {
  heading: 'Chat with the agent',
  intro: 'Ask what your customers would ask: prices, a booking, a job after hours.',
  logLabel: 'Chat with the agent',
  speaker: { assistant: 'Agent', user: 'You' },
  inputLabel: 'Your message',
  placeholder: 'Type a message',
  send: 'Send',
  typing: 'The agent is typing…',
  close: 'Close chat',
  checking: 'Checking that you are not a bot…',
  // A chat left alone for a while is ended (the owner gets its report); a new message starts another.
  ended: 'This chat has ended. Send a message to start a new one.',
  errors: {
    // Vapi's 402: the chat is not paid for.
    unavailable:
      'The chat is not available right now. Try the voice demo, or press Call my phone and the agent calls you.',
    // 429, Vapi's or the server's limits.
    limited: 'Too many messages right now. Wait a minute, then press Send again.',
    // Server mode: today's chats are used up.
    spent:
      "Today's chats with the agent are used up. Press Call my phone and the agent calls you, or send us a message.",
    // 5xx, no answer in time, no connection.
    failed: "The agent didn't answer. Your message is still in the box: press Send to try again.",
    // Server mode: the chat cannot go on from here (a new network): the next message starts a new one.
    restarted:
      "This chat can't go on from here, so your next message starts a new one. Your message is still in the box: press Send.",
  },
} as const;
