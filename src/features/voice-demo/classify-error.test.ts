import { describe, expect, it } from 'vitest';
import { classifyVoiceError } from './classify-error';

describe('classifyVoiceError', () => {
  it.each([
    ['NotAllowedError', 'mic-denied'],
    ['PermissionDeniedError', 'mic-denied'],
    ['SecurityError', 'mic-denied'],
    ['NotFoundError', 'no-mic'],
    ['DevicesNotFoundError', 'no-mic'],
    ['OverconstrainedError', 'no-mic'],
    ['AbortError', 'connect'],
    ['NotReadableError', 'connect'],
  ] as const)('a getUserMedia %s means %s', (name, kind) => {
    expect(classifyVoiceError(new DOMException('message', name))).toBe(kind);
  });

  it('finds the browser error name inside an SDK payload, as a whole word only', () => {
    expect(
      classifyVoiceError({
        type: 'start-method-error',
        error: { name: 'NotAllowedError', message: 'Permission denied' },
      }),
    ).toBe('mic-denied');
    expect(classifyVoiceError({ error: { message: 'Requested device not found' } })).toBe('no-mic');
    expect(classifyVoiceError({ error: { message: 'MyNotAllowedErrorish' } })).toBe('connect');
  });

  it('does not take other "permission" or "microphone" words for a blocked microphone', () => {
    expect(
      classifyVoiceError({ message: 'Permission denied for this public key', statusCode: 403 }),
    ).toBe('connect');
    expect(classifyVoiceError(new Error('Assistant permissions are insufficient'))).toBe('connect');
    expect(classifyVoiceError({ message: 'no microphone configured for the assistant' })).toBe(
      'connect',
    );
    expect(classifyVoiceError(new TypeError('Failed to fetch'))).toBe('connect');
  });
});
