/**
 * The page's side of the funnel (src/lib/funnel-events.ts): Plausible's library loaded once the
 * page is the app's, and each event sent once when it happens. Unset (no VITE_PLAUSIBLE_DOMAIN),
 * nothing is loaded or sent.
 */
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

/**
 * Loads Plausible's library (its own chunk) and sends the page view: called once the page has
 * been taken over, so it never competes with the first paint or with hydration. Unset, nothing
 * is loaded.
 */
export function startFunnel(): Promise<Tracker | null> {
  const analytics = config.analytics;
  if (!analytics) return Promise.resolve(null);
  tracker ??= import('./funnel-tracker')
    .then((module) => {
      module.startTracker(analytics, config.mode === 'local');
      return module;
    })
    .catch((error: unknown) => {
      // No funnel on this visit (a blocker, no connection, a browser the library cannot run
      // in): the site works as ever.
      console.warn('The funnel could not be started:', error);
      return null;
    });
  return tracker;
}

/** Events already sent on this page load, by key: each is sent once. */
const sent = new Set<string>();

function send(event: FunnelEvent, props: Omit<FunnelProps, 'trade'>, onceKey: string): void {
  if (!config.analytics || sent.has(onceKey)) return;
  sent.add(onceKey);
  const all: FunnelProps = { trade: currentTrade() ?? 'none', ...props };
  void startFunnel().then((loaded) => loaded?.trackEvent(event, all));
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
let calls = 0;

/** What the page tells the funnel. */
export const funnel = {
  /** The calculator shows an estimate (once per page). */
  estimateShown: () => send('Estimate shown', {}, `estimate:${window.location.pathname}`),
  /** A demo call connected; returns what to call when it ends (once per call). */
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
  /** A chat got its first answer (`chat`: one key per chat). */
  chatStarted: (chat: string) => send('Chat started', {}, `chat:${chat}`),
  /**
   * Call my phone's request was accepted (`id`: the request's); the contact form's call, once
   * its stopwatch stopped, with how soon the phone rang (`rang`).
   */
  callbackRequested: (id: string, rang?: RingBucket) =>
    send('Callback requested', rang ? { rang } : {}, `callback:${id}`),
  /** A lead was stored and delivered (`id`: the submission's). */
  leadSent: (id: string) =>
    send(
      'Lead sent',
      { with_estimate: yesNo(visitEstimate() !== null), after_demo: yesNo(triedDemoCall()) },
      `lead:${id}`,
    ),
};

/** For tests: forgets what was sent and the loaded tracker. */
export function resetFunnel(): void {
  sent.clear();
  tracker = null;
  calls = 0;
}
