// Kept apart from submission.ts: the form (first load) needs the number, not the submission code.

export const CALL_TIMEOUT_MS = 10_000;
