/**
 * VAPI_MAX_CALL_SECONDS (the functions) and VITE_VAPI_MAX_CALL_SECONDS (the page): the longest
 * call the site lets Vapi run (its maxDurationSeconds), when unset, and its bounds. A module of
 * its own, imported by the build's config check without the rest of the contracts.
 */
export const MAX_CALL_SECONDS = { fallback: 180, min: 10, max: 600 } as const;
