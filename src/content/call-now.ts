// Words of what follows a press of Send Message with "Have the agent call me now" ticked (issue
// 45): the stopwatch and a call that could not be placed. They load with the stopwatch, at the
// tick; the box's own words are in contact.ts.

export const callNow = {
  // The stopwatch, from the press of Send Message to the phone ringing.
  stopwatch: {
    heading: 'Your call is on its way',
    /** The clock while it runs, to the tenth of a second. */
    running: (seconds: string) => `${seconds} s`,
    runningLabel: 'Seconds since you pressed Send',
    steps: {
      sent: 'Message sent',
      queued: 'Call placed',
      ringing: 'Your phone is ringing',
      answered: 'Call answered',
    },
    rang: (seconds: string) => `Your phone rang ${seconds} s after you pressed Send.`,
    speed: 'That is how fast the agent follows up on every lead of yours.',
    gaveUp:
      "No word from the call yet. If your phone doesn't ring in the next minute, we'll still reply to your message.",
    noRing: "The call didn't ring through. We'll reply to your message soon.",
  },
  // The message went; the call did not. Each says why, after `sent`.
  refused: {
    sent: 'Your message is sent, but the agent could not call you:',
    invalid: 'that is not a mobile or landline number it can call.',
    country: 'it can only call US and Canadian numbers.',
    botCheck: "we couldn't confirm you're a person.",
    limited: 'too many calls were asked for just now.',
    uncertain:
      "the voice service did not confirm the call. If your phone doesn't ring within a minute, we'll reply to your message.",
    failed: 'the call could not be placed just now.',
    after: "We'll reply to your message soon.",
  },
} as const;
