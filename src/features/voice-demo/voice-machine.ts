import type { CallGuardRefusal } from './call-guard';

/** `busy` (a call in another tab) and `cooling` (the pause after a call) come from the call guard. */
export type VoiceErrorKind =
  'mic-denied' | 'no-mic' | 'connect' | 'busy' | 'cooling' | 'limited' | 'spent' | 'business';

interface Caption {
  id: number;
  speaker: 'assistant' | 'user';
  text: string;
}

export interface VoiceState {
  status: 'idle' | 'connecting' | 'in-call';
  speaking: boolean;
  volume: number;
  captions: Caption[];
  error: VoiceErrorKind | null;
  muted: boolean;
  /** Ended normally, by either side: offer the next step. */
  ended: boolean;
  waitSeconds: number;
  /** The browser's autoplay rule held the agent's voice back until a tap. */
  audioBlocked: boolean;
}

export type VoiceEvent =
  | { type: 'start-requested' }
  | { type: 'call-started' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'volume'; level: number }
  | { type: 'transcript'; speaker: Caption['speaker']; text: string }
  | { type: 'mute-changed'; muted: boolean }
  | { type: 'audio-blocked' }
  | { type: 'audio-playing' }
  /** By either side, or the visitor's End Call or Cancel. */
  | { type: 'call-ended' }
  | { type: 'failed'; error: VoiceErrorKind }
  | ({ type: 'refused' } & CallGuardRefusal);

export const MAX_CAPTIONS = 4;

export const initialVoiceState: VoiceState = {
  status: 'idle',
  speaking: false,
  volume: 0,
  captions: [],
  error: null,
  muted: false,
  ended: false,
  waitSeconds: 0,
  audioBlocked: false,
};

const IDLE = initialVoiceState;

/** Events that make no sense in the current state (a call-start after the visitor gave up) change nothing. */
export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'start-requested':
      return state.status === 'idle' ? { ...IDLE, status: 'connecting' } : state;
    case 'call-started':
      return state.status === 'connecting' ? { ...state, status: 'in-call' } : state;
    case 'speech-start':
      return state.status === 'in-call' && !state.speaking ? { ...state, speaking: true } : state;
    case 'speech-end':
      return state.speaking ? { ...state, speaking: false } : state;
    case 'volume':
      return state.status === 'in-call'
        ? { ...state, volume: Math.min(1, Math.max(0, event.level)) }
        : state;
    case 'transcript': {
      const text = event.text.trim();
      if (state.status === 'idle' || text === '') return state;
      const caption = { id: (state.captions.at(-1)?.id ?? 0) + 1, speaker: event.speaker, text };
      return { ...state, captions: [...state.captions, caption].slice(-MAX_CAPTIONS) };
    }
    case 'audio-blocked':
      // The agent's track can arrive before the call reports it started.
      return state.status === 'idle' ? state : { ...state, audioBlocked: true };
    case 'audio-playing':
      return state.audioBlocked ? { ...state, audioBlocked: false } : state;
    case 'mute-changed':
      return state.status === 'in-call' ? { ...state, muted: event.muted } : state;
    case 'call-ended':
      // Idle already (say, after a failure): keep the visitor's error line.
      if (state.status === 'idle') return state;
      return state.status === 'in-call' ? { ...IDLE, ended: true } : IDLE;
    case 'failed':
      return { ...IDLE, error: event.error };
    case 'refused':
      // Only an idle button can be refused a call; the after-call panel stays up meanwhile.
      if (state.status !== 'idle') return state;
      return event.reason === 'cooling'
        ? { ...IDLE, ended: state.ended, error: 'cooling', waitSeconds: event.seconds }
        : { ...IDLE, ended: state.ended, error: 'busy' };
  }
}
