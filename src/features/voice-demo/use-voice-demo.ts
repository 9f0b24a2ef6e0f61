import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { SiteConfig } from '@/lib/config-schema';
import { agentVariables } from '@/lib/agent-variables';
import { funnel } from '@/lib/funnel';
import { markDemoCall, visitId } from '@/lib/visit';
import { announceReport } from '@/lib/pending-report';
import { reportTicketOf, type ReportTicket } from '@shared/contracts/report-read.ts';
import { createCallGuard, type CallGuard } from './call-guard';
import type { WebCallBody } from '@shared/contracts/web-call.ts';
import type { Business } from '@shared/contracts/business.ts';
import { loadVapi, type AssistantOverrides } from './load-vapi';
import type { CallStart, JoinableCall, VoiceCall, VoiceCallOptions } from './voice-call';
import { initialVoiceState, voiceReducer, type VoiceEvent, type VoiceState } from './voice-machine';

/** The SDK has no timeout of its own on /call/web: past this, the attempt is given up. */
export const CONNECT_TIMEOUT_MS = 20_000;

export interface VoiceDemoOptions extends Partial<
  Pick<VoiceCallOptions, 'loadSdk' | 'requestMicrophone'>
> {
  config: SiteConfig['vapi'];
  startWebCall?: (request: Omit<WebCallBody, 'captcha'>) => Promise<JoinableCall>;
  guard?: CallGuard;
}

/** Caps the call's length (the owner's bill) and gives the assistant's prompt the visitor's numbers. */
function overridesForThisVisit(maxCallSeconds: number): AssistantOverrides {
  const variables = agentVariables();
  return {
    maxDurationSeconds: maxCallSeconds,
    ...(variables ? { variableValues: { ...variables } } : {}),
    // Joins the end-of-call report to the visit, and so to its lead.
    metadata: { visit_id: visitId() },
  };
}

const loadVoiceCall = loadOnce(() => import('./voice-call'));

/** Loaded on intent with the server starter, so at the press the request still leaves before the Connecting render. */
const loadOwnBusiness = loadOnce(() => import('@/lib/own-business'));

export function useVoiceDemo({
  config,
  loadSdk = loadVapi,
  requestMicrophone,
  startWebCall,
  guard: givenGuard,
}: VoiceDemoOptions) {
  const [state, setState] = useState(initialVoiceState);
  const [ownGuard] = useState(createCallGuard);
  const guard = givenGuard ?? ownGuard;
  // Also on a ref, so a press sees the state of this instant, not of the last render.
  const current = useRef<VoiceState>(initialVoiceState);
  const attempt = useRef(0);
  const call = useRef<VoiceCall | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useCallback((event: VoiceEvent) => {
    current.current = voiceReducer(current.current, event);
    setState(current.current);
  }, []);

  // Set once the attempt reached a call: tells the funnel the call ended.
  const callEnded = useRef<((ended: 'normal' | 'error') => void) | null>(null);
  const ticket = useRef<ReportTicket | null>(null);

  /** Only a call that connected leaves the pause before the next one. */
  const release = useCallback(
    (ended: 'normal' | 'error' = 'normal') => {
      const connected = callEnded.current;
      callEnded.current = null;
      connected?.(ended);
      if (connected) announceReport(ticket.current, 'webCall');
      ticket.current = null;
      attempt.current += 1;
      clearTimeout(timer.current);
      call.current?.end();
      call.current = null;
      guard.finish(connected !== null);
    },
    [guard],
  );

  /** A second press while the business is read is the same press. */
  const reading = useRef(false);

  const press = useCallback(async () => {
    const status = current.current.status;
    if (status === 'connecting' || reading.current) return;
    if (status === 'in-call') {
      release();
      send({ type: 'stop-requested' });
      return;
    }
    if (!config) {
      console.error(
        'Voice demo is not configured: set VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID and build again.',
      );
      return;
    }
    // A business that breaks the rule starts nothing, not even the microphone's prompt.
    let business: Business | null = null;
    if (config.auth === 'server') {
      reading.current = true;
      try {
        const read = (await loadOwnBusiness()).readOwnBusiness();
        if (read === false) return;
        business = read;
      } catch (error) {
        // Its code could not be fetched: the generic demo.
        console.error('Voice demo: the business fields could not be read:', error);
      } finally {
        reading.current = false;
      }
    }
    release();
    const refusal = guard.begin(config.maxCallSeconds * 1000 + CONNECT_TIMEOUT_MS);
    if (refusal) {
      send({ type: 'refused', ...refusal });
      return;
    }
    const mine = attempt.current;
    // Server mode: asked for before the state below is set, so the request leaves before the
    // Connecting render and runs while the code loads and the microphone prompt shows.
    const start: CallStart =
      config.auth === 'server'
        ? {
            webCall: (
              startWebCall ?? (() => Promise.reject(new Error('no start-web-call client')))
            )({
              id: crypto.randomUUID(),
              visit_id: visitId(),
              variables: agentVariables(),
              ...(business ? { business } : {}),
            }).then((answer) => {
              if (attempt.current === mine) ticket.current = reportTicketOf(answer);
              return answer;
            }),
          }
        : {
            publicKey: config.publicKey,
            assistantId: config.assistantId,
            assistantOverrides: overridesForThisVisit(config.maxCallSeconds),
          };
    send({ type: 'start-requested' });
    markDemoCall();
    const giveUp = (...why: unknown[]) => {
      if (attempt.current !== mine) return;
      console.error(...why);
      release();
      send({ type: 'failed', error: 'connect' });
    };
    timer.current = setTimeout(
      () =>
        giveUp(
          `Voice demo: no answer from the voice service within ${CONNECT_TIMEOUT_MS / 1000} s.`,
        ),
      CONNECT_TIMEOUT_MS,
    );
    try {
      const { startVoiceCall, hangUpUnjoined } = await loadVoiceCall();
      if (attempt.current !== mine) {
        // A call the server started meanwhile is ended too.
        if ('webCall' in start) void hangUpUnjoined(start.webCall, loadSdk);
        return;
      }
      call.current = startVoiceCall({
        start,
        loadSdk,
        requestMicrophone,
        onEvent: (event) => {
          if (attempt.current !== mine) return;
          if (event.type === 'call-started') {
            clearTimeout(timer.current);
            callEnded.current = funnel.demoCallStarted();
          }
          if (event.type === 'failed') release('error');
          if (event.type === 'call-ended') release();
          send(event);
        },
      });
    } catch (error) {
      giveUp('Voice demo: the call code could not be loaded:', error);
    }
  }, [config, startWebCall, guard, loadSdk, release, requestMicrophone, send]);

  const cancel = useCallback(() => {
    if (current.current.status !== 'connecting') return;
    release();
    send({ type: 'cancel-requested' });
  }, [release, send]);

  const toggleMute = useCallback(() => {
    const { status, muted } = current.current;
    if (status !== 'in-call') return;
    if (call.current?.setMuted(!muted)) send({ type: 'mute-changed', muted: !muted });
  }, [send]);

  const resumeAudio = useCallback(() => {
    void call.current?.resumeAudio();
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

  return { state, press, cancel, toggleMute, resumeAudio, prefetch, configured: config !== null };
}
