/** Plausible's library loads once the page is the app's; with no VITE_PLAUSIBLE_DOMAIN nothing is loaded or sent. */
import { config } from './config';
import {
  minutesBucket,
  type FunnelEvent,
  type FunnelProps,
  type RingBucket,
} from './funnel-events';
import type * as TrackerModule from './funnel-tracker';
import { currentTrade } from './trade';
import { triedDemoCall, visitEstimate } from './visit';

type Tracker = typeof TrackerModule;
let tracker: Promise<Tracker | null> | null = null;

/** Called after take-over, so it never competes with the first paint or hydration. */
export function startFunnel(): Promise<Tracker | null> {
  const analytics = config.analytics;
  if (!analytics) return Promise.resolve(null);
  tracker ??= import('./funnel-tracker')
    .then((module) => {
      module.startTracker(analytics, config.mode === 'local');
      return module;
    })
    .catch((error: unknown) => {
      // A blocker or no connection: no funnel on this visit, and the site works as ever.
      console.warn('The funnel could not be started:', error);
      return null;
    });
  return tracker;
}

const sent = new Set<string>();

function send(event: FunnelEvent, props: Omit<FunnelProps, 'trade'>, onceKey: string): void {
  if (!config.analytics || sent.has(onceKey)) return;
  sent.add(onceKey);
  const all: FunnelProps = { trade: currentTrade() ?? 'none', ...props };
  void startFunnel().then((loaded) => loaded?.trackEvent(event, all));
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
let calls = 0;

export const funnel = {
  estimateShown: () => send('Estimate shown', {}, `estimate:${window.location.pathname}`),
  /** Returns what to call when the call ends. */
  demoCallStarted(): (ended: 'normal' | 'error') => void {
    const call = ++calls;
    const startedAt = Date.now();
    send('Demo call started', {}, `call-start:${call}`);
    return (ended) =>
      send(
        'Demo call ended',
        { minutes: minutesBucket((Date.now() - startedAt) / 1000), ended },
        `call-end:${call}`,
      );
  },
  chatStarted: (chat: string) => send('Chat started', {}, `chat:${chat}`),
  callbackRequested: (id: string, rang?: RingBucket) =>
    send('Callback requested', rang ? { rang } : {}, `callback:${id}`),
  leadSent: (id: string) =>
    send(
      'Lead sent',
      { with_estimate: yesNo(visitEstimate() !== null), after_demo: yesNo(triedDemoCall()) },
      `lead:${id}`,
    ),
};

export function resetFunnel(): void {
  sent.clear();
  tracker = null;
  calls = 0;
}
