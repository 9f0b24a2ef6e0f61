import { useCallback, useRef } from 'react';
import { agentVariables } from '@/lib/agent-variables';
import { config } from '@/lib/config';
import { loadOnce } from '@/lib/load-once';
import { preloadTurnstile } from '@/lib/turnstile-script';
import { visitId } from '@/lib/visit';
import type { ServerCallRequest } from './use-voice-demo';
import type { VoiceState } from './voice-machine';

/** Loads the server's call starter once: its code, and the bot check shown in `botCheckBox`. */
function loadStarter(botCheckBox: () => HTMLDivElement | null) {
  const turnstile = config.turnstile!;
  return loadOnce(() =>
    import('./web-call').then((module) =>
      module.createServerStarter(
        turnstile,
        { functionsUrl: config.functionsUrl, anonKey: config.supabaseAnonKey },
        botCheckBox,
      ),
    ),
  );
}

/**
 * Server mode's starter: its code and the bot check load on intent, never in the first load.
 * Gives the box the bot check renders in, the call's start, and what intent prepares.
 */
export function useServerStarter(serverMode: boolean) {
  const botCheckBox = useRef<HTMLDivElement>(null);
  const starter = useRef<ReturnType<typeof loadStarter> | null>(null);
  const serverStarter = () => (starter.current ??= loadStarter(() => botCheckBox.current))();
  const startWebCall = useCallback(
    async (request: ServerCallRequest) => (await serverStarter()).start(request),
    // The starter lives in a ref for the component's life.
    [],
  );
  /**
   * Server mode, on intent: the bot check, and with its token the call reserved, so the press
   * costs only the call (not while a call starts or runs: the reservation is for a press to come).
   */
  const prepareServerCall = (status: VoiceState['status']) => {
    if (!serverMode || !config.turnstile) return;
    // Its download starts now, beside the starter's code rather than after it.
    preloadTurnstile(config.turnstile.scriptUrl);
    const reserving = status !== 'connecting' && status !== 'in-call';
    serverStarter()
      .then((loaded) => {
        const prepared = loaded.prepare();
        if (reserving) loaded.reserve({ visit_id: visitId(), variables: agentVariables() });
        return prepared;
      })
      .catch((error: unknown) => console.error('Voice demo: the bot check did not load', error));
  };
  return { botCheckBox, startWebCall, prepareServerCall };
}
