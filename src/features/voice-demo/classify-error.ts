import type { VoiceErrorKind } from './voice-machine';

// The microphone errors browsers define, as whole words, so they are found in an SDK payload
// serialized to text too; with Chrome's message for a missing device when the error's name was lost.
const DENIED = /\b(?:NotAllowedError|PermissionDeniedError|SecurityError)\b/;
const MISSING =
  /\b(?:NotFoundError|DevicesNotFoundError|OverconstrainedError)\b|Requested device not found/;

/** Only the microphone errors browsers define count as blocked or missing; anything else is a failed connection. */
export function classifyVoiceError(error: unknown): VoiceErrorKind {
  const text = describeError(error);
  if (DENIED.test(text)) return 'mic-denied';
  if (MISSING.test(text)) return 'no-mic';
  return 'connect';
}

/** The SDK's payloads nest objects and `error.message` is sometimes itself an object, so no strings are assumed. */
export function describeError(error: unknown): string {
  // DOMException is no Error in every realm; name and message are not enumerable.
  if (typeof error === 'object' && error !== null && 'name' in error && 'message' in error) {
    const { name, message } = error as { name: unknown; message: unknown };
    if (typeof name === 'string' && typeof message === 'string') return `${name}: ${message}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** SDK errors after which the call goes on (noise cancellation, level meters). */
export function isNonFatalSdkError(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && /audio-processing|audio-level-observer/.test(type);
}

/** Usually the autoplay rule: the call goes on, and a tap lets the visitor hear it. */
export function isAudioStartFailure(error: unknown): boolean {
  return (error as { type?: unknown } | null)?.type === 'audio-start-failed';
}

/** Daily's "room closed" races the SDK's call-end when the assistant hangs up: after a call that was on, it is that call's end. */
export function isRoomClosed(error: unknown): boolean {
  const sdkError = error as { type?: unknown; error?: unknown } | null;
  if (sdkError?.type !== 'daily-error') return false;
  const daily = sdkError.error as { errorMsg?: unknown; error?: { type?: unknown } } | null;
  return (
    daily?.error?.type === 'ejected' ||
    (typeof daily?.errorMsg === 'string' && /meeting has ended/i.test(daily.errorMsg))
  );
}
