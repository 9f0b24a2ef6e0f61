// Kept apart from submission.ts: the form (first load) needs the number, not the submission code.

/** Each call of a submission, and the load of its code, gets this long before it counts as failed. */
export const CALL_TIMEOUT_MS = 10_000;
