// Words of the voice-demo button and its messages.

export const voice = {
  idle: 'Press here for AI Voice Agent',
  connecting: 'Connecting...',
  inCall: 'End Call',
  speaking: 'AI is speaking...',
  captionsLabel: 'Live captions',
  // One line beside the button: who the visitor talks to, and that the call may be recorded.
  disclosure: "You'll talk to an AI agent, not a person. Calls may be recorded.",
  disclosureLink: 'Privacy',
  cancel: 'Cancel',
  mute: 'Mute',
  unmute: 'Unmute',
  // When the browser will not play the agent's voice until the visitor taps the page.
  tapToHear: 'Tap to hear the agent',
  audioBlocked: "Your browser paused the agent's voice. Press Tap to hear the agent.",
  // After a call ends normally.
  afterCall: {
    text: 'Liked what you heard? Get an agent like this for your business.',
    button: 'Book a Call',
    // Put in the contact form's message box, when it is empty.
    message: "I tried the voice demo and I'd like an agent like this for my business. ",
  },
  captionSpeaker: { assistant: 'Agent', user: 'You' },
  errors: {
    micDenied:
      'Your browser blocked the microphone. Allow microphone access for this site (the icon in the address bar), then press again.',
    noMic: 'No microphone was found. Plug one in or use your phone, then press again.',
    connect: "Couldn't connect to the agent. Please try again.",
    busy: 'A demo call is already on in another tab. End it there, then press again.',
    // Server mode: a limit of the server's (too many calls from here, or at once) ...
    limited:
      'Too many demo calls right now. Please try again in a few minutes, or press Call my phone and the agent calls you.',
    // ... or today's demo calls are used up: the other ways to reach the agent.
    spent:
      "Today's live demo calls are used up. Press Call my phone and the agent calls you, or send us a message.",
    spentLink: 'Send a message',
    // Server mode: the server did not take the business typed for the agent (its line is at the field).
    business:
      "The agent can't answer as that business. Check the line under Hear it answer as your business.",
    coolDown: (seconds: number) =>
      `Thanks for trying the demo. You can start another call in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  notConfigured:
    'Local mode: the voice demo is not configured. Set VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID, then run npm start again.',
} as const;
