import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { callbackOffer } from '@/content/callback-offer';
import { chatOffer } from '@/content/chat-offer';
import { voice } from '@/content/voice';
import { agentVariables } from '@/lib/agent-variables';
import { cn } from '@/lib/cn';
import { config, siteFunctions } from '@/lib/config';
import { useEarlyPress } from '@/lib/early-press';
import { loadOnce } from '@/lib/load-once';
import { Link } from '@/lib/router';
import { preloadTurnstile } from '@/lib/turnstile-script';
import { visitId } from '@/lib/visit';
import { useVoiceDemo, type VoiceDemoOptions } from './use-voice-demo';
import type { VoiceErrorKind, VoiceState } from './voice-machine';

const BOT_CHECK_BOX = 'voice-demo-bot-check';

/** Its code and the bot check load on intent, never in the first load. */
function useServerStarter(serverMode: boolean) {
  const [serverStarter] = useState(() =>
    loadOnce(() =>
      import('./web-call').then((module) =>
        module.createServerStarter(config.turnstile!, siteFunctions, () =>
          document.getElementById(BOT_CHECK_BOX),
        ),
      ),
    ),
  );
  const startWebCall = useCallback<VoiceDemoOptions['startWebCall']>(
    async (request) => (await serverStarter()).start(request),
    [serverStarter],
  );
  /** Reserves a call on intent, but not while one starts or runs: the reservation is for a press to come. */
  const prepareServerCall = (status: VoiceState['status']) => {
    if (!serverMode || !config.turnstile) return;
    // Its download starts beside the starter's code rather than after it.
    preloadTurnstile(config.turnstile.scriptUrl);
    serverStarter()
      .then((loaded) => {
        if (status === 'idle') loaded.reserve({ visit_id: visitId(), variables: agentVariables() });
        return loaded.prepare();
      })
      .catch((error: unknown) => console.error('Voice demo: the bot check did not load', error));
  };
  return { startWebCall, prepareServerCall };
}

function callLabel({ status, speaking }: VoiceState): string {
  if (status === 'connecting') return voice.connecting;
  if (status === 'in-call') return speaking ? voice.speaking : voice.inCall;
  return voice.idle;
}

function errorLine(error: VoiceErrorKind, waitSeconds: number): string {
  if (error === 'cooling') return voice.errors.coolDown(waitSeconds);
  if (error === 'mic-denied') return voice.errors.micDenied;
  return error === 'no-mic' ? voice.errors.noMic : voice.errors[error];
}

interface VoiceDemoProps extends Partial<VoiceDemoOptions> {
  onBookCall?: () => void;
  onTypeInstead?: () => void;
  onCallMyPhone?: () => void;
}

export function VoiceDemo({ onBookCall, onTypeInstead, onCallMyPhone, ...props }: VoiceDemoProps) {
  const serverMode = (props.config ?? config.vapi)?.auth === 'server';
  const { startWebCall, prepareServerCall } = useServerStarter(serverMode);
  const { state, press, end, toggleMute, resumeAudio, prefetch, configured } = useVoiceDemo({
    config: config.vapi,
    startWebCall,
    ...props,
  });
  const pressProps = useEarlyPress('voice-demo', () => void press());
  const { status, volume, error, audioBlocked, muted } = state;
  const inCall = status === 'in-call';
  const connecting = status === 'connecting';
  const intent = () => {
    prefetch();
    prepareServerCall(status);
  };

  return (
    <div className="flex w-full max-w-md flex-col items-center gap-3 lg:items-start">
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
          onClick={() => void press()}
          onPointerEnter={intent}
          onPointerDown={intent}
          onFocus={intent}
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
      {connecting ? (
        <Button variant="secondary" size="sm" onClick={end}>
          {voice.cancel}
        </Button>
      ) : null}
      {audioBlocked ? (
        // The browser's autoplay rule held the agent's voice back until a tap.
        <Button size="sm" onClick={resumeAudio}>
          {voice.tapToHear}
        </Button>
      ) : null}
      {inCall ? (
        <Button variant="secondary" size="sm" aria-pressed={muted} onClick={toggleMute}>
          {muted ? voice.unmute : voice.mute}
        </Button>
      ) : null}
      {serverMode ? (
        <div id={BOT_CHECK_BOX} className="text-xs text-slate-600 empty:hidden" />
      ) : null}
      <p className="text-center text-sm text-slate-700 lg:text-left">
        {voice.disclosure}{' '}
        <Link to="/privacy" className="font-semibold text-brand-700 underline">
          {voice.disclosureLink}
        </Link>
      </p>
      <p
        id="voice-demo-message"
        role="status"
        className={cn(
          'min-h-0 text-center text-sm font-medium lg:text-left',
          error === 'cooling' || !error ? 'text-slate-700' : 'text-danger',
        )}
      >
        {error ? errorLine(error, state.waitSeconds) : null}
        {!error && audioBlocked ? voice.audioBlocked : null}
        {error === 'spent' ? (
          <>
            {' '}
            <a href="#contact" className="font-semibold text-brand-700 underline">
              {voice.errors.spentLink}
            </a>
          </>
        ) : null}
      </p>
      {(error === 'mic-denied' || error === 'no-mic') && (onTypeInstead || onCallMyPhone) ? (
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
      ) : null}
      {!configured && config.mode === 'local' ? (
        <p className="rounded-lg bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
          {voice.notConfigured}
        </p>
      ) : null}
      {state.ended && onBookCall ? (
        <div
          role="status"
          className="flex w-full flex-col items-center gap-3 rounded-2xl bg-white p-4 text-center shadow-sm"
        >
          <p className="text-slate-700">{voice.afterCall.text}</p>
          <Button size="sm" onClick={onBookCall}>
            {voice.afterCall.button}
          </Button>
        </div>
      ) : null}
      <div
        aria-live="polite"
        aria-label={voice.captionsLabel}
        role="log"
        className="w-full text-left text-sm"
      >
        {state.captions.map((caption) => (
          <p key={caption.id} className="mt-1 rounded-lg bg-white/80 px-3 py-1.5 shadow-sm">
            <span className="font-semibold">{voice.captionSpeaker[caption.speaker]}: </span>
            {caption.text}
          </p>
        ))}
      </div>
    </div>
  );
}
