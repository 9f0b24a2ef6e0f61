import { init, track, type PlausibleRequestPayload } from '@plausible-analytics/tracker';
import type { SiteConfig } from './config-schema';
import type { FunnelEvent, FunnelProps } from './funnel-events';

/**
 * The address an event reports: the page's path and its campaign (utm_*) parameters only. Any
 * other query parameter (an e-mail an ad platform appended, a token) and the fragment are dropped,
 * so nothing personal leaves in the URL.
 */
export function reportedUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (key.startsWith('utm_')) kept.append(key, value);
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

export function withoutPersonalUrl(payload: PlausibleRequestPayload): PlausibleRequestPayload {
  return { ...payload, u: reportedUrl(payload.u) };
}

/** Plausible's library, set up once: the page view now and at each client-side navigation. */
export function startTracker(analytics: NonNullable<SiteConfig['analytics']>, local: boolean) {
  init({
    domain: analytics.domain,
    endpoint: analytics.endpoint,
    // The local stack's stand-in is on localhost, which the library skips unless told.
    captureOnLocalhost: local,
    logging: false,
    transformRequest: withoutPersonalUrl,
  });
}

export function trackEvent(event: FunnelEvent, props: FunnelProps): void {
  track(event, { props: { ...props } });
}
