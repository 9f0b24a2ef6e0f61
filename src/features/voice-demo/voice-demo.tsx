import { voice } from '@/content/voice';
import { config } from '@/lib/config';
import { useEarlyPress } from '@/lib/early-press';
import { Link } from '@/lib/router';
import { useServerStarter } from './use-server-starter';
import { useVoiceDemo, type VoiceDemoOptions } from './use-voice-demo';
import {
  AfterCall,
  CallButton,
  CallControls,
  Captions,
  MicAlternatives,
  VoiceMessage,
} from './voice-demo-parts';

interface VoiceDemoProps extends Partial<VoiceDemoOptions> {
  /** After a call ended normally: the visitor asks to book a call (the page brings up the form). */
  onBookCall?: () => void;
  /** Without a microphone: the other ways to try the agent, offered in the call's place. */
  onTypeInstead?: () => void;
  onCallMyPhone?: () => void;
}

/** The hero's live-call button, its captions and its messages. */
export function VoiceDemo({ onBookCall, onTypeInstead, onCallMyPhone, ...props }: VoiceDemoProps) {
  const serverMode = (props.config ?? config.vapi)?.auth === 'server';
  const { botCheckBox, startWebCall, prepareServerCall } = useServerStarter(serverMode);
  const { state, press, cancel, toggleMute, resumeAudio, prefetch, configured } = useVoiceDemo({
    config: config.vapi,
    startWebCall,
    ...props,
  });
  /** Intent (a pointer over the button, focus, a first touch): the code, and the bot check. */
  const intent = () => {
    prefetch();
    prepareServerCall(state.status);
  };
  // A press before the app took over starts the call as soon as it can.
  const pressProps = useEarlyPress('voice-demo', () => void press());

  return (
    <div className="flex w-full max-w-md flex-col items-center gap-3 lg:items-start">
      <CallButton
        state={state}
        pressProps={pressProps}
        onPress={() => void press()}
        onIntent={intent}
      />
      <CallControls
        state={state}
        onCancel={cancel}
        onResumeAudio={resumeAudio}
        onToggleMute={toggleMute}
      />
      {/* Server mode: the bot check's widget, rendered on intent. */}
      {serverMode ? (
        <div ref={botCheckBox} className="text-xs text-slate-600 empty:hidden" />
      ) : null}
      <p className="text-center text-sm text-slate-700 lg:text-left">
        {voice.disclosure}{' '}
        <Link to="/privacy" className="font-semibold text-brand-700 underline">
          {voice.disclosureLink}
        </Link>
      </p>
      <VoiceMessage state={state} />
      <MicAlternatives
        error={state.error}
        onTypeInstead={onTypeInstead}
        onCallMyPhone={onCallMyPhone}
      />
      {!configured && config.mode === 'local' ? (
        <p className="rounded-lg bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
          {voice.notConfigured}
        </p>
      ) : null}
      {state.ended && onBookCall ? <AfterCall onBookCall={onBookCall} /> : null}
      <Captions captions={state.captions} />
    </div>
  );
}
