import {
  classifyVoiceError,
  describeError,
  isAudioStartFailure,
  isNonFatalSdkError,
  isRoomClosed,
} from './classify-error';
import type {
  AssistantOverrides,
  VapiClient,
  VapiConstructor,
  VapiEventName,
  VapiListener,
} from './load-vapi';
import type { VoiceErrorKind, VoiceEvent } from './voice-machine';
import { keepScreenOn } from './wake-lock';
import { WebCallError } from './web-call';

export type JoinableCall = Parameters<VapiClient['reconnect']>[0];

/** Public-key mode: the SDK starts the call. Server mode: start-web-call's answer, awaited while the microphone prompt shows. */
export type CallStart =
  | { publicKey: string; assistantId: string; assistantOverrides?: AssistantOverrides }
  | { webCall: Promise<JoinableCall> };

/** The SDK needs a key to be made; in server mode it sends no request to Vapi's API with it. */
const PLACEHOLDER_KEY = 'server-started-call';

/**
 * A server call given up before it joined has nobody in its room: join it without a microphone
 * and leave, which ends it. Waits for `before` first, since daily-js allows one call object at a time.
 */
export async function hangUpUnjoined(
  webCall: Promise<JoinableCall>,
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

interface VapiMessage {
  type?: string;
  status?: string;
  role?: string;
  transcriptType?: string;
  transcript?: string;
}

export class VoiceCall {
  private over = false;
  private joined = false;
  /** The assistant hung up: a room-closed error after this is a normal end. */
  private endedByService = false;
  private client: VapiClient | null = null;
  private detach = () => {};
  private letScreenSleep = () => {};
  /** Plays the agent's voice after a tap when autoplay blocked the SDK's own player. */
  private tappedPlayer: HTMLAudioElement | null = null;

  constructor(
    private readonly start: CallStart,
    private readonly onEvent: (event: VoiceEvent) => void,
    private readonly loadSdk: () => Promise<VapiConstructor>,
  ) {}

  end(): boolean {
    if (this.over) return false;
    this.over = true;
    this.detach();
    this.letScreenSleep();
    this.tappedPlayer?.remove();
    this.tappedPlayer = null;
    const stopped = this.client
      ?.stop()
      .catch((error: unknown) => console.error('Voice demo: stop failed:', describeError(error)));
    const { start } = this;
    if ('webCall' in start && !this.joined)
      void hangUpUnjoined(start.webCall, this.loadSdk, stopped);
    return true;
  }

  private fail(kind: VoiceErrorKind): void {
    if (this.end()) this.onEvent({ type: 'failed', error: kind });
  }

  private attach(sdk: VapiClient): () => void {
    const { onEvent } = this;
    const report = (event: VoiceEvent) => {
      if (!this.over) onEvent(event);
    };
    const detachers: (() => void)[] = [];
    const listen = <E extends VapiEventName>(event: E, listener: VapiListener<E>) => {
      sdk.on(event, listener);
      detachers.push(() => sdk.removeListener(event, listener));
    };
    listen('call-start', () => {
      this.joined = true;
      if (this.over) return;
      this.letScreenSleep = keepScreenOn();
      onEvent({ type: 'call-started' });
    });
    listen('call-end', () => this.end() && onEvent({ type: 'call-ended' }));
    listen('speech-start', () => report({ type: 'speech-start' }));
    listen('speech-end', () => report({ type: 'speech-end' }));
    listen('volume-level', (level) => report({ type: 'volume', level }));
    listen('audio', () => {
      // The SDK's own player runs now, so the tapped one steps aside.
      this.tappedPlayer?.remove();
      this.tappedPlayer = null;
      report({ type: 'audio-playing' });
    });
    listen('message', (message: VapiMessage | undefined) => {
      if (message?.type === 'status-update' && message.status === 'ended') {
        this.endedByService = true;
      }
      if (message?.type !== 'transcript' || message.transcriptType !== 'final') return;
      report({
        type: 'transcript',
        speaker: message.role === 'user' ? 'user' : 'assistant',
        text: String(message.transcript ?? ''),
      });
    });
    listen('call-start-failed', (event) => {
      console.error('Voice demo: the call could not start:', describeError(event));
    });
    listen('error', (error: unknown) => {
      console.error('Voice demo error:', describeError(error));
      if (isNonFatalSdkError(error)) return;
      if (isAudioStartFailure(error)) return report({ type: 'audio-blocked' });
      if (this.joined && (isRoomClosed(error) || this.endedByService)) {
        if (this.end()) onEvent({ type: 'call-ended' });
        return;
      }
      this.fail(classifyVoiceError(error));
    });
    return () => detachers.forEach((detach) => detach());
  }

  private async connect(
    Vapi: VapiConstructor,
    key: string,
    begin: (sdk: VapiClient) => Promise<unknown>,
  ): Promise<unknown> {
    // avoidEval: daily-js loads its call machine by <script>, so the CSP needs no 'unsafe-eval'.
    const sdk = new Vapi(key, undefined, { avoidEval: true });
    this.client = sdk;
    this.detach = this.attach(sdk);
    // The SDK's stop() does nothing before its call object exists, so a call given up
    // meanwhile is stopped the moment that object appears.
    const endIfGivenUp: VapiListener<'call-start-progress'> = (progress) => {
      if (
        this.over &&
        progress?.stage === 'daily-call-object-creation' &&
        progress.status === 'completed'
      )
        void sdk.stop().catch(() => undefined);
    };
    sdk.on('call-start-progress', endIfGivenUp);
    const result = await begin(sdk).finally(() =>
      sdk.removeListener('call-start-progress', endIfGivenUp),
    );
    if (this.over && result !== null) await sdk.stop();
    return result;
  }

  async run(requestMicrophone: () => Promise<void>): Promise<void> {
    try {
      await requestMicrophone();
      if (this.over) return;
      const Vapi = await this.loadSdk();
      if (this.over) return;
      const { start } = this;
      if ('webCall' in start) {
        let webCall: JoinableCall;
        try {
          webCall = await start.webCall;
        } catch (error) {
          if (this.over) return;
          console.error('Voice demo: the server started no call:', describeError(error));
          const kind = error instanceof WebCallError ? error.kind : 'failed';
          this.fail(kind === 'failed' ? 'connect' : kind);
          return;
        }
        if (this.over) return;
        await this.connect(Vapi, PLACEHOLDER_KEY, (sdk) => sdk.reconnect(webCall));
        return;
      }
      const { publicKey, assistantId, assistantOverrides } = start;
      const started = await this.connect(Vapi, publicKey, (sdk) =>
        assistantOverrides ? sdk.start(assistantId, assistantOverrides) : sdk.start(assistantId),
      );
      // start() answers null (after emitting error) when /call/web fails.
      if (started === null && !this.over) {
        console.error('Voice demo: the voice service refused to start the call.');
        this.fail('connect');
      }
    } catch (error) {
      if (this.over) return;
      console.error('Voice demo: the call could not start:', describeError(error));
      this.fail(classifyVoiceError(error));
    }
  }

  setMuted(muted: boolean): boolean {
    if (this.over || !this.client) return false;
    try {
      this.client.setMuted(muted);
      return true;
    } catch (error) {
      console.error('Voice demo: could not change the microphone:', describeError(error));
      return false;
    }
  }

  /** Call from the visitor's tap: the gesture lets the page play the agent's voice itself. */
  async resumeAudio(): Promise<boolean> {
    const daily = this.over ? null : this.client?.getDailyCallObject();
    // The SDK plays only the "Vapi Speaker" participant.
    const speaker = Object.values(daily?.participants() ?? {}).find(
      (participant) => !participant.local && participant.user_name === 'Vapi Speaker',
    );
    const track = speaker?.tracks.audio.persistentTrack;
    if (!daily || !speaker || !track) return false;
    const player = document.createElement('audio');
    // The SDK removes players by this mark when the participant leaves.
    player.dataset.participantId = speaker.session_id;
    player.srcObject = new MediaStream([track]);
    document.body.append(player);
    try {
      await player.play();
    } catch (error) {
      console.error('Voice demo: the agent audio still cannot play:', describeError(error));
      player.remove();
      return false;
    }
    if (this.over) {
      player.remove();
      return false;
    }
    this.tappedPlayer?.remove();
    this.tappedPlayer = player;
    // The SDK waits for this before the assistant speaks.
    daily.sendAppMessage('playable');
    this.onEvent({ type: 'audio-playing' });
    return true;
  }
}

/** Starts one call; once it is over, nothing more is reported and a late-starting call is stopped. */
export function startVoiceCall({
  start,
  onEvent,
  loadSdk,
  requestMicrophone = requestMicrophoneOnce,
}: VoiceCallOptions): VoiceCall {
  const call = new VoiceCall(start, onEvent, loadSdk);
  // A rejection before run awaits it (microphone refused meanwhile) is not unhandled.
  if ('webCall' in start) start.webCall.catch(() => undefined);
  // run's first step is synchronous, so the microphone prompt stays tied to the press.
  void call.run(requestMicrophone);
  return call;
}
