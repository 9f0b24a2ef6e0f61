import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { SiteConfig } from '@/lib/config-schema';
import { agentVariables } from '@/lib/agent-variables';
import { funnel } from '@/lib/funnel';
import { markDemoCall, visitId } from '@/lib/visit';
import { announceReport } from '@/lib/pending-report';
import { reportTicketOf, type ReportTicket } from '@shared/contracts/report-read.ts';
import type { WebCallAnswer, WebCallBody } from '@shared/contracts/web-call.ts';
import { createCallGuard, type CallGuard } from './call-guard';
import { loadVapi } from './load-vapi';
import type { CallStart, VoiceCall, VoiceCallOptions } from './voice-call';
import { initialVoiceState, voiceReducer, type VoiceEvent, type VoiceState } from './voice-machine';

/** The SDK has no timeout of its own on /call/web: past this, the attempt is given up. */
export const CONNECT_TIMEOUT_MS = 20_000;

export interface VoiceDemoOptions {
  config: SiteConfig['vapi'];
  startWebCall: (request: Omit<WebCallBody, 'captcha'>) => Promise<WebCallAnswer>;
  loadSdk?: VoiceCallOptions['loadSdk'];
  requestMicrophone?: VoiceCallOptions['requestMicrophone'];
  guard?: CallGuard;
}

const loadVoiceCall = loadOnce(() => import('./voice-call'));

/** Loaded on intent with the server starter, so at the press the request still leaves before the Connecting render. */
const loadOwnBusiness = loadOnce(() => import('@/lib/own-business'));

/** The business typed in the hero; false: it breaks the rule, so nothing starts, not even the microphone's prompt. */
async function readBusiness() {
  try {
    return (await loadOwnBusiness()).readOwnBusiness();
  } catch (error) {
    // Its code could not be fetched: the generic demo.
    console.error('Voice demo: the business fields could not be read:', error);
    return null;
  }
}

/** One press, from reading the business to the call's end. */
interface Attempt {
  call?: VoiceCall;
  timer?: ReturnType<typeof setTimeout>;
  /** Set once the call connected: tells the funnel the call ended. */
  connected?: (ended: 'normal' | 'error') => void;
  ticket?: ReportTicket | null;
}

export function useVoiceDemo({
  config,
  loadSdk = loadVapi,
  requestMicrophone,
  startWebCall,
  guard: givenGuard,
}: VoiceDemoOptions) {
  const [state, setState] = useState(initialVoiceState);
  const [guard] = useState(() => givenGuard ?? createCallGuard());
  // Also on a ref, so a press sees the state of this instant, not of the last render.
  const current = useRef<VoiceState>(initialVoiceState);
  const attempt = useRef<Attempt | null>(null);

  const send = useCallback((event: VoiceEvent) => {
    current.current = voiceReducer(current.current, event);
    setState(current.current);
  }, []);

  /** Only a call that connected leaves the pause before the next one, and a report for the lead card. */
  const release = useCallback(
    (ended: 'normal' | 'error' = 'normal') => {
      const ending = attempt.current;
      if (!ending) return;
      attempt.current = null;
      clearTimeout(ending.timer);
      ending.call?.end();
      ending.connected?.(ended);
      if (ending.connected) announceReport(ending.ticket ?? null, 'webCall');
      guard.finish(ending.connected !== undefined);
    },
    [guard],
  );

  /** End Call in a call, Cancel while connecting. */
  const end = useCallback(() => {
    if (current.current.status === 'idle') return;
    release();
    send({ type: 'call-ended' });
  }, [release, send]);

  const press = useCallback(async () => {
    if (current.current.status === 'in-call') return end();
    // Connecting, or the business is still being read: the same press.
    if (attempt.current) return;
    if (!config) {
      console.error(
        'Voice demo is not configured: set VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID and build again.',
      );
      return;
    }
    const mine: Attempt = {};
    attempt.current = mine;
    const business = config.auth === 'server' ? await readBusiness() : null;
    if (attempt.current !== mine) return;
    if (business === false) {
      attempt.current = null;
      return;
    }
    const refusal = guard.begin(config.maxCallSeconds * 1000 + CONNECT_TIMEOUT_MS);
    if (refusal) {
      attempt.current = null;
      send({ type: 'refused', ...refusal });
      return;
    }
    // Nothing is reported once the call is over, so every event is this attempt's.
    const onEvent = (event: VoiceEvent) => {
      if (event.type === 'call-started') {
        clearTimeout(mine.timer);
        mine.connected = funnel.demoCallStarted();
      }
      if (event.type === 'failed') release('error');
      if (event.type === 'call-ended') release();
      send(event);
    };
    const variables = agentVariables();
    // Server mode: asked for before the state below is set, so the request leaves before the
    // Connecting render and runs while the code loads and the microphone prompt shows.
    const start: CallStart =
      config.auth === 'server'
        ? {
            webCall: startWebCall({
              id: crypto.randomUUID(),
              visit_id: visitId(),
              variables,
              ...(business ? { business } : {}),
            }).then((answer) => {
              mine.ticket = reportTicketOf(answer);
              return answer;
            }),
          }
        : {
            publicKey: config.publicKey,
            assistantId: config.assistantId,
            // The length capped (the owner's bill), the visitor's numbers for the assistant's
            // prompt, and the visit that joins the end-of-call report to its lead.
            assistantOverrides: {
              maxDurationSeconds: config.maxCallSeconds,
              ...(variables ? { variableValues: { ...variables } } : {}),
              metadata: { visit_id: visitId() },
            },
          };
    send({ type: 'start-requested' });
    markDemoCall();
    // Cleared at the attempt's end and when the call starts, so it fires for this attempt only.
    mine.timer = setTimeout(() => {
      console.error(
        `Voice demo: no answer from the voice service within ${CONNECT_TIMEOUT_MS / 1000} s.`,
      );
      onEvent({ type: 'failed', error: 'connect' });
    }, CONNECT_TIMEOUT_MS);
    try {
      const { startVoiceCall, hangUpUnjoined } = await loadVoiceCall();
      if (attempt.current !== mine) {
        // A call the server started meanwhile is ended too.
        if ('webCall' in start) void hangUpUnjoined(start.webCall, loadSdk);
        return;
      }
      mine.call = startVoiceCall({ start, loadSdk, requestMicrophone, onEvent });
    } catch (error) {
      if (attempt.current !== mine) return;
      console.error('Voice demo: the call code could not be loaded:', error);
      onEvent({ type: 'failed', error: 'connect' });
    }
  }, [config, startWebCall, guard, loadSdk, release, end, requestMicrophone, send]);

  const toggleMute = useCallback(() => {
    const { muted } = current.current;
    if (attempt.current?.call?.setMuted(!muted)) send({ type: 'mute-changed', muted: !muted });
  }, [send]);

  const resumeAudio = useCallback(() => {
    void attempt.current?.call?.resumeAudio();
  }, []);

  const prefetch = useCallback(() => {
    if (!config) return;
    void loadVoiceCall().catch(() => undefined);
    void loadSdk().catch(() => undefined);
  }, [config, loadSdk]);

  useEffect(() => {
    const leave = () => release();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      release();
    };
  }, [release]);

  return { state, press, end, toggleMute, resumeAudio, prefetch, configured: config !== null };
}
