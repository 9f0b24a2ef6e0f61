// Words of the contact section, the form and its messages.

import type { LeadField } from '@shared/lead-fields.ts';
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '@shared/contracts/callback.ts';

/** A field's words: one entry per field of the lead (supabase/functions/_shared/lead-fields.ts). */
type FieldWords = Record<LeadField, { label: string; placeholder?: string }>;

export const contactSection = {
  heading: 'Book a call',
  intro:
    'Tell me about your business and the calls you miss. I reply within one business day, usually sooner.',
  fields: {
    name: { label: 'Name' },
    email: { label: 'Email' },
    phone: { label: 'Phone' },
    company: { label: 'Company (optional)' },
    message: { label: 'Message', placeholder: 'What calls are you missing, and when?' },
  } satisfies FieldWords as FieldWords,
  requiredNote: 'All fields except company are required.',
  // Shown only when JavaScript is off: the form cannot send without it.
  noScript: 'This form needs JavaScript turned on. You can also email',
  errors: {
    required: (label: string) => `Please enter your ${label.toLowerCase()}.`,
    email: 'Please enter an email address like name@example.com.',
    phone: 'Please enter a phone number with at least 7 digits.',
    // The limits are the database's, in bytes: an accented or non-Latin letter takes two to four.
    tooLong: (over: number) =>
      `This is too long: please shorten it by ${over} ${over === 1 ? 'character' : 'characters'}.`,
    noLetters: 'Please use letters or numbers here.',
    control: 'Please remove the hidden control characters (they can come with pasted text).',
    summary: 'Please correct the highlighted fields.',
  },
  submit: 'Send Message',
  // After a sent message, when VITE_BOOKING_URL is set: before Book a time (its words: booking.ts).
  booking: {
    intro: 'Rather not wait for a reply?',
  },
  submitting: 'Sending...',
  // "Have the agent call me now" (issue 45): offered where Call my phone is (the bot check set).
  callNow: {
    label: 'Have the agent call me now',
    // The consent the box gives: the current version's words, stored with the call's request
    // (supabase/functions/_shared/contracts/callback.ts, CONSENT_VERSIONS: add a version there).
    consent: CONSENT_VERSIONS[CURRENT_CONSENT_VERSION],
    consentLink: 'Privacy',
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
  },
  // Read by no person: a field only bots fill in. Its label differs from every real field's.
  honeypotLabel: 'Leave this field empty',
  toasts: {
    success: {
      title: 'Success!',
      description: "Your message has been sent. We'll be in touch soon.",
    },
    error: {
      title: 'Error',
      description: 'There was a problem sending your message. Please try again.',
    },
    dismiss: 'Dismiss notification',
  },
} as const;
