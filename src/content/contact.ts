// Words of the contact section, the form and its messages.

import type { LeadField } from '@shared/lead-fields.ts';
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '@shared/contracts/consent.ts';

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
  // Said (politely, to a screen reader too) while a press waits for the sender's code to arrive.
  stillLoading: 'Still loading, your message will be sent.',
  // "Have the agent call me now": offered where Call my phone is (the bot check set).
  // What follows the press (its stopwatch, a refusal) has its words in call-now.ts.
  callNow: {
    label: 'Have the agent call me now',
    // The consent the box gives: the current version's words, stored with the call's request
    // (supabase/functions/_shared/contracts/callback.ts, CONSENT_VERSIONS: add a version there).
    consent: CONSENT_VERSIONS[CURRENT_CONSENT_VERSION],
    consentLink: 'Privacy',
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
    // The sender's code stopped arriving or failed: nothing was sent, the form keeps its text.
    loadError: {
      title: 'Not sent',
      description:
        'The page could not finish loading, so your message was not sent. What you typed is kept: check your connection and press Send Message again.',
    },
    dismiss: 'Dismiss notification',
  },
} as const;
