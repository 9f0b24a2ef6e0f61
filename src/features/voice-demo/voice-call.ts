import type { WebCallAnswer } from '@shared/contracts/web-call.ts';
import { classifyVoiceError, describeError, sdkErrorKind } from './classify-error';
import type { AssistantOverrides, VapiClient, VapiConstructor } from './load-vapi';
import type { VoiceErrorKind, VoiceEvent } from './voice-machine';
import { keepScreenOn } from './wake-lock';
import { WebCallError } from './web-call';

/** Public-key mode: the SDK starts the call. Server mode: start-web-call's answer, awaited while the microphone prompt shows. */
export type CallStart =
  | { publicKey: string; assistantId: string; assistantOverrides: AssistantOverrides }
  | { webCall: Promise<WebCallAnswer> };

/** The SDK needs a key to be made; in server mode it sends no request to Vapi's API with it. */
const PLACEHOLDER_KEY = 'server-started-call';

/**
 * A server call given up before it joined has nobody in its room: join it without a microphone
 * and leave, which ends it. Waits for `before` first, since daily-js allows one call object at a time.
 */
export async function hangUpUnjoined(
  webCall: Promise<WebCallAnswer>,
  loadSdk: () => Promise<VapiConstructor>,
  before?: Promise<unknown>,
): Promise<void> {
  try {
    const call = await webCall;
    await before;
    const Vapi = await loadSdk();
    const sdk = new Vapi(PLACEHOLDER_KEY, undefined, { avoidEval: true }, { audioSource: false });
    await sdk.reconnect(call).catch(() => undefined);
    await sdk.stop();
  } catch {
    // No call was started, or it cannot be reached.
  }
}

export interface VoiceCallOptions {
  start: CallStart;
  onEvent: (event: VoiceEvent) => void;
  loadSdk: () => Promise<VapiConstructor>;
  requestMicrophone?: () => Promise<void>;
}

/** Asking first ties the browser's prompt to the press, and a refusal is known before a billed call exists. */
async function requestMicrophoneOnce(): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('Microphone access needs a secure (https) page.', 'NotSupportedError');
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  stream.getTracks().forEach((track) => track.stop());
}

/** The SDK's `message` is any JSON the assistant sends. */
type VapiMessage = Partial<Record<'type' | 'status' | 'role' | 'transcriptType', string>> & {
  transcript?: unknown;
};

export type VoiceCall = ReturnType<typeof startVoiceCall>;

/**
 * Starts one call. Once it is over nothing more is reported (the SDK's listeners are gone), and a
 * call that starts late is stopped.
 */
export function startVoiceCall({
  start,
  onEvent,
  loadSdk,
  requestMicrophone = requestMicrophoneOnce,
}: VoiceCallOptions) {
  let over = false;
  let joined = false;
  /** The assistant hung up: a room-closed error after this is a normal end. */
  let endedByService = false;
  let client: VapiClient | null = null;
  /** Remove the SDK's listeners, so nothing is reported once the call is over. */
  const detachers: (() => void)[] = [];
  let letScreenSleep = () => {};
  /** Plays the agent's voice after a tap when autoplay blocked the SDK's own player. */
  let tappedPlayer: HTMLAudioElement | null = null;
  const replaceTappedPlayer = (player: HTMLAudioElement | null) => {
    tappedPlayer?.remove();
    tappedPlayer = player;
  };

  /** False when the call was over already. */
  function end(): boolean {
    if (over) return false;
    over = true;
    detachers.forEach((detach) => detach());
    letScreenSleep();
    replaceTappedPlayer(null);
    const stopped = client
      ?.stop()
      .catch((error: unknown) => console.error('Voice demo: stop failed:', describeError(error)));
    if ('webCall' in start && !joined) void hangUpUnjoined(start.webCall, loadSdk, stopped);
    return true;
  }

  function finish(event: VoiceEvent): void {
    if (end()) onEvent(event);
  }
  const fail = (error: VoiceErrorKind) => finish({ type: 'failed', error });

  function attach(sdk: VapiClient): void {
    // `sdk.on<E>` is the SDK's own `on` for one event, so each listener has its event's type.
    const listen = <E extends Parameters<VapiClient['on']>[0]>(
      event: E,
      listener: Parameters<typeof sdk.on<E>>[1],
    ) => {
      sdk.on(event, listener);
      detachers.push(() => sdk.removeListener(event, listener));
    };
    listen('call-start', () => {
      joined = true;
      letScreenSleep = keepScreenOn();
      onEvent({ type: 'call-started' });
    });
    listen('call-end', () => finish({ type: 'call-ended' }));
    listen('speech-start', () => onEvent({ type: 'speech-start' }));
    listen('speech-end', () => onEvent({ type: 'speech-end' }));
    listen('volume-level', (level) => onEvent({ type: 'volume', level }));
    listen('audio', () => {
      // The SDK's own player runs now, so the tapped one steps aside.
      replaceTappedPlayer(null);
      onEvent({ type: 'audio-playing' });
    });
    listen('message', (message: VapiMessage | null) => {
      if (message?.type === 'status-update' && message.status === 'ended') endedByService = true;
      if (message?.type !== 'transcript' || message.transcriptType !== 'final') return;
      onEvent({
        type: 'transcript',
        speaker: message.role === 'user' ? 'user' : 'assistant',
        text: String(message.transcript ?? ''),
      });
    });
    // Also a failed start's error (call-start-failed, before it, says the same).
    listen('error', (error: unknown) => {
      console.error('Voice demo error:', describeError(error));
      const kind = sdkErrorKind(error);
      if (kind === 'goes-on') return;
      if (kind === 'audio-blocked') return onEvent({ type: 'audio-blocked' });
      // After a call that was on, a closed room (or any error once the assistant hung up) is
      // that call's end.
      if (joined && (kind === 'room-closed' || endedByService)) finish({ type: 'call-ended' });
      else fail(classifyVoiceError(error));
    });
  }

  function serverStartedNone(error: unknown): null {
    if (!over) {
      console.error('Voice demo: the server started no call:', describeError(error));
      fail(error instanceof WebCallError ? error.kind : 'connect');
    }
    return null;
  }

  async function run(): Promise<void> {
    try {
      await requestMicrophone();
      const Vapi = await loadSdk();
      let key = PLACEHOLDER_KEY;
      let begin: (sdk: VapiClient) => Promise<unknown>;
      if ('webCall' in start) {
        const webCall = await start.webCall.catch(serverStartedNone);
        if (!webCall) return;
        begin = (sdk) => sdk.reconnect(webCall);
      } else {
        const { publicKey, assistantId, assistantOverrides } = start;
        key = publicKey;
        begin = (sdk) => sdk.start(assistantId, assistantOverrides);
      }
      if (over) return;
      // avoidEval: daily-js loads its call machine by <script>, so the CSP needs no 'unsafe-eval'.
      const sdk = new Vapi(key, undefined, { avoidEval: true });
      client = sdk;
      attach(sdk);
      // The SDK's stop() does nothing before its call object exists, so a call given up
      // meanwhile is stopped the moment that object appears.
      const endIfGivenUp = ({ stage, status }: { stage: string; status: string }) => {
        if (over && stage === 'daily-call-object-creation' && status === 'completed')
          void sdk.stop().catch(() => undefined);
      };
      sdk.on('call-start-progress', endIfGivenUp);
      const started = await begin(sdk).finally(() =>
        sdk.removeListener('call-start-progress', endIfGivenUp),
      );
      // start() answers null (after emitting error) when /call/web fails.
      if (started !== null && over) await sdk.stop();
      else if (started === null && !over) {
        console.error('Voice demo: the voice service refused to start the call.');
        fail('connect');
      }
    } catch (error) {
      if (over) return;
      console.error('Voice demo: the call could not start:', describeError(error));
      fail(classifyVoiceError(error));
    }
  }

  // A rejection before run awaits it (microphone refused meanwhile) is not unhandled.
  if ('webCall' in start) start.webCall.catch(() => undefined);
  // run's first step is synchronous, so the microphone prompt stays tied to the press.
  void run();

  return {
    end,

    /** Only from the Mute button, which shows only in a call. */
    setMuted(muted: boolean): boolean {
      try {
        client?.setMuted(muted);
        return true;
      } catch (error) {
        console.error('Voice demo: could not change the microphone:', describeError(error));
        return false;
      }
    },

    /** Call from the visitor's tap: the gesture lets the page play the agent's voice itself. */
    async resumeAudio(): Promise<void> {
      const daily = over ? null : client?.getDailyCallObject();
      // The SDK plays only the "Vapi Speaker" participant.
      const speaker = Object.values(daily?.participants() ?? {}).find(
        (participant) => !participant.local && participant.user_name === 'Vapi Speaker',
      );
      const track = speaker?.tracks.audio.persistentTrack;
      if (!daily || !speaker || !track) return;
      const player = document.createElement('audio');
      // The SDK removes players by this mark when the participant leaves.
      player.dataset.participantId = speaker.session_id;
      player.srcObject = new MediaStream([track]);
      document.body.append(player);
      const playing = await player.play().then(
        () => !over,
        (error: unknown) => {
          console.error('Voice demo: the agent audio still cannot play:', describeError(error));
          return false;
        },
      );
      if (!playing) return player.remove();
      replaceTappedPlayer(player);
      // The SDK waits for this before the assistant speaks.
      daily.sendAppMessage('playable');
      onEvent({ type: 'audio-playing' });
    },
  };
}
