/*
 * The consent words of a call to the visitor's phone (Call my phone, and the contact form's
 * "Have the agent call me now"), alone in this file so the page's words can name them without
 * the rest of the callback's contract (./callback.ts re-exports them).
 */

/**
 * The consent words the form has shown, by version: the page shows the current version's words
 * and sends its id, and the function stores its own copy of those words with the request (never
 * words a request carries). To change the words, add a version and make it current; keep the old
 * ones, which pages loaded before the change still send.
 */
export const CONSENT_VERSIONS = {
  '2026-11-23':
    'I agree to receive one call from an AI agent at this number, about this demo. The call may be recorded.',
  // Also the contact form's "Have the agent call me now": a call about what was asked.
  '2026-12-11':
    'I agree to receive one call from an AI agent at this number about my request. The call may be recorded.',
} as const;
export type ConsentVersion = keyof typeof CONSENT_VERSIONS;
export const CURRENT_CONSENT_VERSION: ConsentVersion = '2026-12-11';
