// The voice demo's pieces of screen, each drawn from the button's state (voice-demo.tsx lays them out).
import { Button } from '@/components/ui/button';
import { callbackOffer } from '@/content/callback-offer';
import { chatOffer } from '@/content/chat-offer';
import { voice } from '@/content/voice';
import { cn } from '@/lib/cn';
import type { EarlyPressProps } from '@/lib/early-press';
import type { Caption, VoiceErrorKind, VoiceState } from './voice-machine';

/** The words on the call button for the call's status. */
function callLabel({ status, speaking }: VoiceState): string {
  if (status === 'connecting') return voice.connecting;
  if (status === 'in-call') return speaking ? voice.speaking : voice.inCall;
  return voice.idle;
}

/** The line that tells the visitor what went wrong, or why they wait. */
function errorLine(error: VoiceErrorKind, waitSeconds: number): string {
  switch (error) {
    case 'mic-denied':
      return voice.errors.micDenied;
    case 'no-mic':
      return voice.errors.noMic;
    case 'connect':
      return voice.errors.connect;
    case 'busy':
      return voice.errors.busy;
    case 'cooling':
      return voice.errors.coolDown(waitSeconds);
    case 'limited':
      return voice.errors.limited;
    case 'spent':
      return voice.errors.spent;
  }
}

/** The live-call button: its voice level in a call, its spinner while connecting, its label. */
export function CallButton({
  state,
  pressProps,
  onPress,
  onIntent,
}: {
  state: VoiceState;
  pressProps: EarlyPressProps;
  onPress: () => void;
  onIntent: () => void;
}) {
  const { status, volume, error } = state;
  const inCall = status === 'in-call';
  const connecting = status === 'connecting';
  return (
    <div className="relative">
      {inCall ? (
        <span
          aria-hidden="true"
          data-testid="voice-level"
          className="absolute inset-0 rounded-full bg-danger/30 transition-transform duration-100 motion-reduce:hidden"
          style={{ transform: `scale(${1 + volume * 0.25})` }}
        />
      ) : null}
      <Button
        {...pressProps}
        variant={inCall ? 'danger' : 'primary'}
        size="lg"
        aria-disabled={connecting || undefined}
        aria-describedby={error ? 'voice-demo-message' : undefined}
        onClick={onPress}
        onPointerEnter={onIntent}
        onPointerDown={onIntent}
        onFocus={onIntent}
        className={cn('relative', connecting && 'cursor-wait opacity-80')}
      >
        {connecting ? (
          <span
            aria-hidden="true"
            data-testid="voice-spinner"
            className="size-5 animate-spin rounded-full border-2 border-white border-t-transparent"
          />
        ) : null}
        {callLabel(state)}
      </Button>
    </div>
  );
}

/** The buttons beside the call: Cancel while connecting, Tap to hear, Mute in a call. */
export function CallControls({
  state: { status, audioBlocked, muted },
  onCancel,
  onResumeAudio,
  onToggleMute,
}: {
  state: VoiceState;
  onCancel: () => void;
  onResumeAudio: () => void;
  onToggleMute: () => void;
}) {
  return (
    <>
      {status === 'connecting' ? (
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {voice.cancel}
        </Button>
      ) : null}
      {audioBlocked && status !== 'idle' ? (
        // The browser held the agent's voice back until a tap (its autoplay rule).
        <Button size="sm" onClick={onResumeAudio}>
          {voice.tapToHear}
        </Button>
      ) : null}
      {status === 'in-call' ? (
        <Button variant="secondary" size="sm" aria-pressed={muted} onClick={onToggleMute}>
          {muted ? voice.unmute : voice.mute}
        </Button>
      ) : null}
    </>
  );
}

/** The status line: what went wrong, or that the agent's voice waits for a tap. */
export function VoiceMessage({
  state: { status, error, waitSeconds, audioBlocked },
}: {
  state: VoiceState;
}) {
  return (
    <p
      id="voice-demo-message"
      role="status"
      // The pause after a call is a notice, not a failure: it is not shown as an error.
      className={cn(
        'min-h-0 text-center text-sm font-medium lg:text-left',
        error === 'cooling' || !error ? 'text-slate-700' : 'text-danger',
      )}
    >
      {error ? errorLine(error, waitSeconds) : null}
      {/* Said, not only shown: a screen reader hears why the agent is silent. */}
      {!error && audioBlocked && status !== 'idle' ? voice.audioBlocked : null}
      {error === 'spent' ? (
        <>
          {' '}
          <a href="#contact" className="font-semibold text-brand-700 underline">
            {voice.errors.spentLink}
          </a>
        </>
      ) : null}
    </p>
  );
}

/** No microphone, no call: the chat and Call my phone in its place (when the page offers them). */
export function MicAlternatives({
  error,
  onTypeInstead,
  onCallMyPhone,
}: {
  error: VoiceErrorKind | null;
  onTypeInstead?: () => void;
  onCallMyPhone?: () => void;
}) {
  const noMic = error === 'mic-denied' || error === 'no-mic';
  if (!noMic || !(onTypeInstead || onCallMyPhone)) return null;
  return (
    <div className="flex w-full flex-col items-center gap-3 rounded-2xl bg-white p-4 text-center shadow-sm">
      <p className="text-slate-700">{chatOffer.micAlternatives}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {onTypeInstead ? (
          <Button size="sm" onClick={onTypeInstead}>
            {chatOffer.open}
          </Button>
        ) : null}
        {onCallMyPhone ? (
          <Button size="sm" variant="secondary" onClick={onCallMyPhone}>
            {callbackOffer.open}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** After a call ended normally: the offer to book a call. */
export function AfterCall({ onBookCall }: { onBookCall: () => void }) {
  return (
    <div
      role="status"
      className="flex w-full flex-col items-center gap-3 rounded-2xl bg-white p-4 text-center shadow-sm"
    >
      <p className="text-slate-700">{voice.afterCall.text}</p>
      <Button size="sm" onClick={onBookCall}>
        {voice.afterCall.button}
      </Button>
    </div>
  );
}

/** The last lines said by either side, read out as they come. */
export function Captions({ captions }: { captions: Caption[] }) {
  return (
    <div
      aria-live="polite"
      aria-label={voice.captionsLabel}
      role="log"
      className="w-full text-left text-sm"
    >
      {captions.map((caption) => (
        <p key={caption.id} className="mt-1 rounded-lg bg-white/80 px-3 py-1.5 shadow-sm">
          <span className="font-semibold">{voice.captionSpeaker[caption.speaker]}: </span>
          {caption.text}
        </p>
      ))}
    </div>
  );
}
