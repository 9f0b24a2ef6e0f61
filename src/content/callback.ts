// Words of the "Call my phone" form: the agent calls the visitor (the request-callback Edge
// Function). They load with the form, on intent; the button's words are in callback-offer.ts.
import { callbackOffer } from './callback-offer';
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '@shared/contracts/consent.ts';

export const callback = {
  heading: 'Have the agent call you',
  intro:
    'Type your number and our AI agent rings you within a minute, the way it would answer your customers.',
  phoneLabel: 'Phone number',
  phoneHint: 'A US or Canadian number, e.g. (415) 555-2671',
  // The consent the visitor gives: the current version's words, which the function stores with
  // the request and the time. They live with their versions in
  // supabase/functions/_shared/contracts/callback.ts (CONSENT_VERSIONS): add a version there.
  consent: CONSENT_VERSIONS[CURRENT_CONSENT_VERSION],
  consentLink: 'Privacy',
  submit: 'Call me now',
  submitting: 'Calling...',
  close: 'Close',
  checking: 'Checking that you are not a bot…',
  accepted: {
    title: 'Calling you now',
    body: 'Your phone will ring within a minute. Pick up to talk to the agent.',
  },
  errors: {
    phone: 'Enter a mobile or landline number the agent can call, like (415) 555-2671.',
    consent: 'Tick the box so the agent may call you.',
    country: 'The agent can only call US and Canadian numbers.',
    botCheck: "We couldn't confirm you're a person. Please press Call me now again.",
    limited:
      'Too many calls were asked for just now. Please try again later, or send the form below and we will call you.',
    failed: callbackOffer.unavailable,
    // The server did not take the business typed for the agent (its line is at the field).
    business:
      "The agent can't answer as that business. Check the line under Hear it answer as your business.",
    // The voice service did not say whether it placed the call: no second one is placed.
    uncertain:
      "The call may already be on its way. If your phone doesn't ring within a minute, send the form below and we'll call you.",
  },
} as const;
