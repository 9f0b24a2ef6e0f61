import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
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
  /** How calls start (public key, or the server), and the cap; null: not configured. */
  config: SiteConfig['vapi'];
  /** Server mode: asks start-web-call for a call (the component passes the real one; tests a fake). */
  startWebCall?: (request: Omit<WebCallBody, 'captcha'>) => Promise<JoinableCall>;
  /** One call per visitor at a time, and the pause after one (tests pass their own). */
  guard?: CallGuard;
}

/**
 * What this call's start request changes of the assistant: a cap on its length (the owner's
 * bill), and the calculator's numbers when it shows an estimate and the page's trade, for the
 * assistant's prompt (`{{leads}}`, `{{value}}`, `{{delay}}`, `{{rate}}`, `{{estimate}}`,
 * `{{trade}}`; docs/deploy.md).
 */
function overridesForThisVisit(maxCallSeconds: number): AssistantOverrides {
  const variables = agentVariables();
  return {
    maxDurationSeconds: maxCallSeconds,
    ...(variables ? { variableValues: { ...variables } } : {}),
    // Joins the call's end-of-call report to the visit, and so to the lead that follows it.
    metadata: { visit_id: visitId() },
  };
}

/** The code that drives a call, loaded with the SDK on intent (CONNECT_TIMEOUT_MS bounds it). */
const loadVoiceCall = loadOnce(() => import('./voice-call'));

/**
 * Server mode: the reader of the visitor's business, out of the first load. It comes
 * on intent with the server's call starter (web-call.ts imports it), so at the press it is in
 * hand and the request still leaves before the page renders its Connecting state.
 */
const loadOwnBusiness = loadOnce(() => import('@/lib/own-business'));

/**
 * The voice button's state: a press starts a call (loading the SDK on first use), a press in a
 * call ends it, and the call ends when the component unmounts or the page is left. Only this
 * hook (through voice-call.ts) touches the SDK.
 */
export function useVoiceDemo({
  config,
  loadSdk = loadVapi,
  requestMicrophone,
  startWebCall,
  guard: givenGuard,
}: VoiceDemoOptions) {
  const [state, dispatch] = useReducer(voiceReducer, initialVoiceState);
  const [ownGuard] = useState(createCallGuard);
  const guard = givenGuard ?? ownGuard;
  // The same reducer on a ref, so a press sees the state of this instant, not of the last render.
  const current = useRef<VoiceState>(initialVoiceState);
  const attempt = useRef(0);
  const call = useRef<VoiceCall | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useCallback((event: VoiceEvent) => {
    current.current = voiceReducer(current.current, event);
    dispatch(event);
  }, []);

  // Set while the attempt under way has reached a call (the pause after it applies): tells the
  // funnel the call ended.
  const callEnded = useRef<((ended: 'normal' | 'error') => void) | null>(null);
  // Server mode: the ticket start-web-call answered with, so the page can show the call's report.
  const ticket = useRef<ReportTicket | null>(null);

  /**
   * Ends whatever attempt is under way: no event of it counts any more. After a call that
   * connected, the pause before the next call starts; an attempt that never connected
   * (cancelled, refused, failed) leaves none.
   */
  const release = useCallback(
    (ended: 'normal' | 'error' = 'normal') => {
      const connected = callEnded.current;
      callEnded.current = null;
      connected?.(ended);
      // A call that connected has ended: its report is on its way (the lead card shows it).
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

  /** A press reading the visitor's business: a second press meanwhile is the same press. */
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
    // Server mode: the business the agent answers as, if the visitor typed one. One
    // that breaks the rule starts nothing, not even the microphone's prompt: its line is at its
    // field, which takes the focus.
    let business: Business | null = null;
    if (config.auth === 'server') {
      reading.current = true;
      try {
        const read = (await loadOwnBusiness()).readOwnBusiness();
        if (read === false) return;
        business = read;
      } catch (error) {
        // Its code could not be fetched: the generic demo, as with no business typed.
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
    // Server mode: the call is asked for now, while the code loads and the microphone prompt
    // shows, and before the state below is set, so the request leaves before the page renders
    // its Connecting state; the server sets its length and overrides. Public-key mode: the SDK
    // starts it.
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
    // The visitor tried the demo (it goes with their lead, if they write).
    markDemoCall();
    /** This attempt, unless given up already, could not connect. */
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
        // Given up before the code came: a call the server started meanwhile is ended too.
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

  /** Gives up a call that is still connecting; no room is joined afterwards. */
  const cancel = useCallback(() => {
    if (current.current.status !== 'connecting') return;
    release();
    send({ type: 'cancel-requested' });
  }, [release, send]);

  /** Mutes or unmutes the visitor's microphone during a call. */
  const toggleMute = useCallback(() => {
    const { status, muted } = current.current;
    if (status !== 'in-call') return;
    if (call.current?.setMuted(!muted)) send({ type: 'mute-changed', muted: !muted });
  }, [send]);

  /** The visitor's tap after the browser blocked the agent's voice: plays it. */
  const resumeAudio = useCallback(() => {
    void call.current?.resumeAudio();
  }, []);

  const prefetch = useCallback(() => {
    if (!config) return;
    void loadVoiceCall().catch(() => undefined);
    void loadSdk().catch(() => undefined);
  }, [config, loadSdk]);

  useEffect(() => {
    // Closing the tab or leaving for another site ends the call.
    const leave = () => release();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      release();
    };
  }, [release]);

  return { state, press, cancel, toggleMute, resumeAudio, prefetch, configured: config !== null };
}
