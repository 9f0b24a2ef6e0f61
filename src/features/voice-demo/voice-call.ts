// Loaded on the visitor's first intent (hover, focus or press of the voice button), with the SDK.
import { classifyVoiceError, describeError, isNonFatalSdkError } from './classify-error';
import type {
  AssistantOverrides,
  VapiClient,
  VapiConstructor,
  VapiEventName,
  VapiListener,
} from './load-vapi';
import type { VoiceErrorKind, VoiceEvent } from './voice-machine';
import { VoiceTokenError } from './voice-token';

export interface VoiceCallOptions {
  /**
   * What the SDK is started with: the public key, or (token mode) a short-lived token from the
   * voice-token function, already on its way (it runs while the microphone prompt shows).
   */
  credential: string | Promise<string>;
  assistantId: string;
  /** Sent with the start request (the calculator's numbers, for example). */
  assistantOverrides?: AssistantOverrides;
  /** Everything that happens to the call, as events for the button's state machine. */
  onEvent: (event: VoiceEvent) => void;
  /** Loads the SDK's constructor (the hook passes loadVapi; tests a fake). */
  loadSdk: () => Promise<VapiConstructor>;
  /** Asks for the microphone and lets go of it; rejects with the browser's error. */
  requestMicrophone?: () => Promise<void>;
}

export interface VoiceCall {
  /** Ends the call (or the attempt to start one) and removes every listener. */
  end: () => void;
  /** Mutes or unmutes the visitor's microphone; false when there is no call to mute. */
  setMuted: (muted: boolean) => boolean;
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
  role?: string;
  transcriptType?: string;
  transcript?: string;
}

/**
 * Starts one call: microphone, SDK, `start(assistantId)` (the SDK POSTs /call/web with the
 * public key as bearer, then joins the room). SDK events come out as state-machine events;
 * once the call is over (ended, failed or `end()`), nothing more is reported and a call that
 * the SDK starts late is stopped.
 */
export function startVoiceCall({
  credential,
  assistantId,
  assistantOverrides,
  onEvent,
  loadSdk,
  requestMicrophone = requestMicrophoneOnce,
}: VoiceCallOptions): VoiceCall {
  let over = false;
  let client: VapiClient | null = null;
  let detach = () => {};

  const finish = (): boolean => {
    if (over) return false;
    over = true;
    detach();
    client
      ?.stop()
      .catch((error: unknown) => console.error('Voice demo: stop failed:', describeError(error)));
    return true;
  };
  const fail = (kind: VoiceErrorKind) => {
    if (finish()) onEvent({ type: 'failed', error: kind });
  };

  const attach = (sdk: VapiClient) => {
    const detachers: (() => void)[] = [];
    /** Listens to one SDK event, typed by the SDK's own declarations. */
    const listen = <E extends VapiEventName>(event: E, listener: VapiListener<E>) => {
      sdk.on(event, listener);
      detachers.push(() => sdk.removeListener(event, listener));
    };
    listen('call-start', () => !over && onEvent({ type: 'call-started' }));
    listen('call-end', () => finish() && onEvent({ type: 'call-ended' }));
    listen('speech-start', () => !over && onEvent({ type: 'speech-start' }));
    listen('speech-end', () => !over && onEvent({ type: 'speech-end' }));
    listen('volume-level', (level) => !over && onEvent({ type: 'volume', level }));
    listen('message', (message: VapiMessage | undefined) => {
      if (over || message?.type !== 'transcript' || message.transcriptType !== 'final') return;
      onEvent({
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
      if (!isNonFatalSdkError(error)) fail(classifyVoiceError(error));
    });
    return () => detachers.forEach((detach) => detach());
  };

  // A token that fails before it is awaited (the microphone refused meanwhile) is no unhandled
  // rejection: it is read below, or not at all.
  if (typeof credential !== 'string') credential.catch(() => undefined);

  void (async () => {
    try {
      await requestMicrophone();
      if (over) return;
      const Vapi = await loadSdk();
      if (over) return;
      let key: string;
      try {
        key = await credential;
      } catch (error) {
        if (over) return;
        console.error('Voice demo: no voice token:', describeError(error));
        fail(
          error instanceof VoiceTokenError && error.kind === 'limited'
            ? 'token-limited'
            : 'connect',
        );
        return;
      }
      if (over) return;
      // avoidEval: daily-js loads its call machine with a <script> from *.daily.co instead of
      // fetch + eval, so the Content-Security-Policy needs no 'unsafe-eval'.
      const sdk = new Vapi(key, undefined, { avoidEval: true });
      client = sdk;
      detach = attach(sdk);
      // The SDK's stop() does nothing to a start() whose call object does not exist yet (an open
      // issue of its repository). So a call given up meanwhile (Cancel, timeout, page left) is
      // ended the moment its call object appears, before it joins the room.
      const endIfGivenUp: VapiListener<'call-start-progress'> = (progress) => {
        if (
          over &&
          progress?.stage === 'daily-call-object-creation' &&
          progress.status === 'completed'
        )
          void sdk.stop().catch(() => undefined);
      };
      sdk.on('call-start-progress', endIfGivenUp);
      const started = await (
        assistantOverrides ? sdk.start(assistantId, assistantOverrides) : sdk.start(assistantId)
      ).finally(() => sdk.removeListener('call-start-progress', endIfGivenUp));
      // start() answers null (after emitting error) when /call/web fails.
      if (started === null && !over) {
        console.error('Voice demo: the voice service refused to start the call.');
        fail('connect');
      }
      // Given up meanwhile (timeout, End Call, page left): no call may keep running.
      if (started && over) await sdk.stop();
    } catch (error) {
      if (over) return;
      console.error('Voice demo: the call could not start:', describeError(error));
      fail(classifyVoiceError(error));
    }
  })();

  return {
    end: () => void finish(),
    setMuted: (muted) => {
      if (over || !client) return false;
      try {
        client.setMuted(muted);
        return true;
      } catch (error) {
        console.error('Voice demo: could not change the microphone:', describeError(error));
        return false;
      }
    },
  };
}
