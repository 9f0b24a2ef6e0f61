import type { VoiceErrorKind } from './voice-machine';

/** Names browsers give getUserMedia failures, by what the visitor can do about them. */
const DENIED = /NotAllowedError|PermissionDeniedError|SecurityError|Permission denied|permission/i;
const MISSING =
  /NotFoundError|DevicesNotFoundError|OverconstrainedError|Requested device not found|no microphone/i;

/** Which visitor-facing line fits an error from getUserMedia or the SDK. */
export function classifyVoiceError(error: unknown): VoiceErrorKind {
  const text = describeError(error);
  if (DENIED.test(text)) return 'mic-denied';
  if (MISSING.test(text)) return 'no-mic';
  return 'connect';
}

/**
 * A readable line for the console. The SDK's error payloads nest objects and its
 * `error.message` is sometimes itself an object, so strings are not assumed anywhere.
 */
export function describeError(error: unknown): string {
  // Error and DOMException (which is no Error in every realm): name and message, not enumerable.
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

/** SDK errors after which the call goes on (noise cancellation, level meters): logged only. */
export function isNonFatalSdkError(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && /audio-processing|audio-level-observer/.test(type);
}
