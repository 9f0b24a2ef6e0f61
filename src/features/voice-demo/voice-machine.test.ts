import { describe, expect, it } from 'vitest';
import {
  initialVoiceState,
  MAX_CAPTIONS,
  voiceReducer,
  type VoiceEvent,
  type VoiceState,
} from './voice-machine';

const run = (events: VoiceEvent[], from: VoiceState = initialVoiceState) =>
  events.reduce(voiceReducer, from);
const inCall = run([{ type: 'start-requested' }, { type: 'call-started' }]);

describe('voiceReducer', () => {
  it('goes idle -> connecting -> in call -> idle on the normal path', () => {
    const connecting = run([{ type: 'start-requested' }]);
    expect(connecting.status).toBe('connecting');
    expect(inCall.status).toBe('in-call');
    expect(run([{ type: 'call-ended' }], inCall)).toEqual({ ...initialVoiceState, ended: true });
  });

  it('marks the assistant speaking between speech-start and speech-end, in a call only', () => {
    const speaking = run([{ type: 'speech-start' }], inCall);
    expect(speaking.speaking).toBe(true);
    expect(run([{ type: 'speech-end' }], speaking).speaking).toBe(false);
    expect(run([{ type: 'start-requested' }, { type: 'speech-start' }]).speaking).toBe(false);
  });

  it('ignores a speech-end without a speech-start', () => {
    expect(run([{ type: 'speech-end' }], inCall)).toBe(inCall);
    expect(run([{ type: 'speech-end' }])).toBe(initialVoiceState);
  });

  it('returns to idle when the call ends before it started', () => {
    expect(run([{ type: 'start-requested' }, { type: 'call-ended' }])).toEqual(initialVoiceState);
  });

  it('returns to idle with the error when one arrives while connecting or in a call', () => {
    expect(run([{ type: 'start-requested' }, { type: 'failed', error: 'mic-denied' }])).toEqual({
      ...initialVoiceState,
      error: 'mic-denied',
    });
    expect(run([{ type: 'speech-start' }, { type: 'failed', error: 'connect' }], inCall)).toEqual({
      ...initialVoiceState,
      error: 'connect',
    });
  });

  it('keeps the error line through a late call-end, and clears it on the next press', () => {
    const failed = run([{ type: 'start-requested' }, { type: 'failed', error: 'no-mic' }]);
    expect(run([{ type: 'call-ended' }], failed).error).toBe('no-mic');
    expect(run([{ type: 'start-requested' }], failed)).toEqual({
      ...initialVoiceState,
      status: 'connecting',
    });
  });

  it('ignores a call-start that comes when nobody is waiting for it', () => {
    expect(run([{ type: 'call-started' }])).toBe(initialVoiceState);
    expect(run([{ type: 'call-started' }], inCall)).toBe(inCall);
  });

  it('ignores a second press while connecting', () => {
    const connecting = run([{ type: 'start-requested' }]);
    expect(run([{ type: 'start-requested' }], connecting)).toBe(connecting);
  });

  it('goes idle at once when the visitor ends the call', () => {
    expect(run([{ type: 'speech-start' }, { type: 'call-ended' }], inCall)).toEqual({
      ...initialVoiceState,
      ended: true,
    });
  });

  it('keeps the last caption lines and clears them when the call ends', () => {
    const said = run(
      Array.from({ length: MAX_CAPTIONS + 2 }, (_, i) => ({
        type: 'transcript' as const,
        speaker: i % 2 ? ('user' as const) : ('assistant' as const),
        text: `line ${i}`,
      })),
      inCall,
    );
    expect(said.captions.map((c) => c.text)).toEqual(['line 2', 'line 3', 'line 4', 'line 5']);
    expect(new Set(said.captions.map((c) => c.id)).size).toBe(MAX_CAPTIONS);
    expect(run([{ type: 'call-ended' }], said).captions).toEqual([]);
    expect(run([{ type: 'transcript', speaker: 'user', text: 'hello' }]).captions).toEqual([]);
    expect(run([{ type: 'transcript', speaker: 'user', text: '   ' }], inCall).captions).toEqual(
      [],
    );
  });

  it('follows the volume only in a call, clamped to 0..1', () => {
    expect(run([{ type: 'volume', level: 0.4 }], inCall).volume).toBe(0.4);
    expect(run([{ type: 'volume', level: 3 }], inCall).volume).toBe(1);
    expect(run([{ type: 'volume', level: 0.4 }]).volume).toBe(0);
  });
});

describe('voiceReducer, steering a call', () => {
  const connecting = voiceReducer(initialVoiceState, { type: 'start-requested' });
  const inCall = voiceReducer(connecting, { type: 'call-started' });

  it('Cancel while connecting goes back to idle with nothing to follow up on', () => {
    expect(voiceReducer(connecting, { type: 'call-ended' })).toEqual(initialVoiceState);
  });

  it('mutes only in a call, and a new call starts unmuted', () => {
    expect(voiceReducer(connecting, { type: 'mute-changed', muted: true })).toBe(connecting);
    const muted = voiceReducer(inCall, { type: 'mute-changed', muted: true });
    expect(muted.muted).toBe(true);
    const ended = voiceReducer(muted, { type: 'call-ended' });
    expect(ended).toEqual({ ...initialVoiceState, ended: true });
    expect(voiceReducer(ended, { type: 'start-requested' })).toMatchObject({
      status: 'connecting',
      muted: false,
      ended: false,
    });
  });

  it('a failure is not a normal end', () => {
    expect(voiceReducer(inCall, { type: 'failed', error: 'connect' }).ended).toBe(false);
  });
});
