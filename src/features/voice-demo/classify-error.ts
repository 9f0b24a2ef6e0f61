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
  if (typeof error === 'string') return error;
  // DOMException is no Error in every realm; name and message are not enumerable.
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof name === 'string' && typeof message === 'string') return `${name}: ${message}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * What an SDK `error` event means: `goes-on` (noise cancellation, level meters); `audio-blocked`,
 * usually the autoplay rule (a tap lets the visitor hear the agent); `room-closed`, Daily's end
 * of the room, which races the SDK's call-end when the assistant hangs up; else `failed`.
 */
export function sdkErrorKind(
  error: unknown,
): 'goes-on' | 'audio-blocked' | 'room-closed' | 'failed' {
  const { type, error: daily } = (error ?? {}) as {
    type?: unknown;
    error?: { errorMsg?: unknown; error?: { type?: unknown } } | null;
  };
  if (typeof type === 'string' && /audio-processing|audio-level-observer/.test(type))
    return 'goes-on';
  if (type === 'audio-start-failed') return 'audio-blocked';
  if (type !== 'daily-error') return 'failed';
  const ejected =
    daily?.error?.type === 'ejected' ||
    (typeof daily?.errorMsg === 'string' && /meeting has ended/i.test(daily.errorMsg));
  return ejected ? 'room-closed' : 'failed';
}
