/**
 * The function stores its own copy of the words a request's version names, never words it
 * carries. To change them, add a version: pages loaded before the change still send the old one.
 */
export const CONSENT_VERSIONS = {
  '2026-11-23':
    'I agree to receive one call from an AI agent at this number, about this demo. The call may be recorded.',
  '2026-12-11':
    'I agree to receive one call from an AI agent at this number about my request. The call may be recorded.',
} as const;
export type ConsentVersion = keyof typeof CONSENT_VERSIONS;
export const CURRENT_CONSENT_VERSION: ConsentVersion = '2026-12-11';
