// Loaded on the visitor's first intent (hover, focus or press of the voice button), with the SDK.
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

/** The call's room as the server started it: what the SDK's reconnect joins. */
export type JoinableCall = Parameters<VapiClient['reconnect']>[0];

/**
 * How the call starts. Public-key mode: the SDK POSTs /call/web itself with the public key.
 * Server mode: the start-web-call function started it, and its answer is on its way (it runs
 * while the microphone prompt shows); the SDK only joins the room.
 */
export type CallStart =
  | { publicKey: string; assistantId: string; assistantOverrides?: AssistantOverrides }
  | { webCall: Promise<JoinableCall> };

/** A stand-in for the key the SDK needs to be made: in server mode it makes no request to Vapi's API with it. */
const PLACEHOLDER_KEY = 'server-started-call';

/**
 * Server mode, given up before the call joined (Cancel, the timeout, the page left): the server
 * may have started the call, and nobody is in its room. Once `before` has settled (the client
 * that was joining has stopped: daily-js allows one call object at a time), the room is joined
 * without a microphone and left at once, which ends the call. Never rejects.
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
    // No call was started, or it cannot be reached: nothing to end.
  }
}

export interface VoiceCallOptions {
  start: CallStart;
  /** Everything that happens to the call, as events for the button's state machine. */
  onEvent: (event: VoiceEvent) => void;
  /** Loads the SDK's constructor (the hook passes loadVapi; tests a fake). */
  loadSdk: () => Promise<VapiConstructor>;
  /** Asks for the microphone and lets go of it; rejects with the browser's error. */
  requestMicrophone?: () => Promise<void>;
}

/**
 * Asking for the microphone before the call starts ties the browser's prompt to the press,
 * and a refusal is known before a (billed) call is created.
 */
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

/** One call attempt: its SDK client, the client's events, and its end (see startVoiceCall). */
export class VoiceCall {
  /** Ended, failed or given up: nothing more is reported. */
  private over = false;
  /** The SDK said the call started: the room was joined. */
  private joined = false;
  /** The service said the call is over (the assistant hung up): what follows is its end. */
  private endedByService = false;
  private client: VapiClient | null = null;
  private detach = () => {};
  private letScreenSleep = () => {};
  /** The agent's voice, played by this page after a tap when the SDK's own player was blocked. */
  private tappedPlayer: HTMLAudioElement | null = null;

  constructor(
    private readonly start: CallStart,
    private readonly onEvent: (event: VoiceEvent) => void,
    private readonly loadSdk: () => Promise<VapiConstructor>,
  ) {}

  /**
   * Ends the call (or the attempt to start one) once: listeners, screen, tapped player, the
   * client, an unjoined server call; false when it was over already.
   */
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

  /** Wires the SDK's events to the state machine's events; returns what removes the listeners. */
  private attach(sdk: VapiClient): () => void {
    const { onEvent } = this;
    /** Passes an event on while the call is not over. */
    const report = (event: VoiceEvent) => {
      if (!this.over) onEvent(event);
    };
    const detachers: (() => void)[] = [];
    /** Listens to one SDK event, typed by the SDK's own declarations. */
    const listen = <E extends VapiEventName>(event: E, listener: VapiListener<E>) => {
      sdk.on(event, listener);
      detachers.push(() => sdk.removeListener(event, listener));
    };
    listen('call-start', () => {
      this.joined = true;
      if (this.over) return;
      // A phone's screen stays on while the call is on.
      this.letScreenSleep = keepScreenOn();
      onEvent({ type: 'call-started' });
    });
    listen('call-end', () => this.end() && onEvent({ type: 'call-ended' }));
    listen('speech-start', () => report({ type: 'speech-start' }));
    listen('speech-end', () => report({ type: 'speech-end' }));
    listen('volume-level', (level) => report({ type: 'volume', level }));
    listen('audio', () => {
      // The SDK's own player runs (a later track): the tapped one steps aside.
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
      // The room closed after the call was on (the assistant hung up): a normal end.
      if (this.joined && (isRoomClosed(error) || this.endedByService)) {
        if (this.end()) onEvent({ type: 'call-ended' });
        return;
      }
      this.fail(classifyVoiceError(error));
    });
    return () => detachers.forEach((detach) => detach());
  }

  /** Makes the client, listens, and ends a call given up before its call object existed. */
  private async connect(
    Vapi: VapiConstructor,
    key: string,
    begin: (sdk: VapiClient) => Promise<unknown>,
  ): Promise<unknown> {
    // avoidEval: daily-js loads its call machine with a <script> from *.daily.co instead of
    // fetch + eval, so the Content-Security-Policy needs no 'unsafe-eval'.
    const sdk = new Vapi(key, undefined, { avoidEval: true });
    this.client = sdk;
    this.detach = this.attach(sdk);
    // The SDK's stop() does nothing to a start() whose call object does not exist yet (an open
    // issue of its repository). So a call given up meanwhile (Cancel, timeout, page left) is
    // ended the moment its call object appears, before it joins the room.
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
    // Given up meanwhile (timeout, End Call, page left): no call may keep running.
    if (this.over && result !== null) await sdk.stop();
    return result;
  }

  /** Microphone, SDK, then the join or the start; a failure (unless given up) fails the attempt. */
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
        // Joins the room the server made; no request to Vapi's API. It throws (after the SDK's
        // error event) when the room cannot be joined.
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

  /** Mutes or unmutes the visitor's microphone; false when there is no call to mute. */
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

  /**
   * After `audio-blocked`: plays the agent's voice with a player of its own. Call it from the
   * visitor's tap (the browser allows playback in a gesture); resolves false when it still
   * cannot play.
   */
  async resumeAudio(): Promise<boolean> {
    const daily = this.over ? null : this.client?.getDailyCallObject();
    // The SDK plays the assistant's participant ("Vapi Speaker") only; so does this.
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
      // Called in the tap, before any other await: the gesture allows the playback.
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
    // What the SDK tells the assistant once its voice plays (it waits for it to speak first).
    daily.sendAppMessage('playable');
    this.onEvent({ type: 'audio-playing' });
    return true;
  }
}

/**
 * Starts one call: microphone, SDK, then `start(assistantId)` (public-key mode: the SDK POSTs
 * /call/web with the public key as bearer, then joins the room) or `reconnect(webCall)` (server
 * mode: it joins the room the server made). SDK events come out as state-machine events;
 * once the call is over (ended, failed or `end()`), nothing more is reported and a call that
 * the SDK starts late is stopped.
 */
export function startVoiceCall({
  start,
  onEvent,
  loadSdk,
  requestMicrophone = requestMicrophoneOnce,
}: VoiceCallOptions): VoiceCall {
  const call = new VoiceCall(start, onEvent, loadSdk);
  // A server start that fails before it is awaited (the microphone refused meanwhile) is no
  // unhandled rejection: it is read in run, or not at all.
  if ('webCall' in start) start.webCall.catch(() => undefined);
  // The microphone is asked for now, in the press (run's first step is synchronous).
  void call.run(requestMicrophone);
  return call;
}
