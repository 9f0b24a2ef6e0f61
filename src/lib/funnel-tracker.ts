import { init, track, type PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { looksPersonal, utmKeyOf } from '@shared/lead-rules.ts';
import type { SiteConfig } from './config-schema';
import type { FunnelEvent, FunnelProps } from './funnel-events';

/** Only the path and the standard utm_ tags that look impersonal leave, so nothing personal goes out in the URL. */
export function reportedUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    const key = utmKeyOf(name);
    // The first of each, as a lead keeps it.
    if (key && !kept.has(key) && !looksPersonal(value)) kept.append(key, value);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** Scheme and host only: a path or query may carry a search or a token. */
export function reportedReferrer(referrer: string | null | undefined): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  return url.host ? `${url.protocol}//${url.host}` : null;
}

/** The library's `transformRequest`, which its engagement events reuse too. */
export function withoutPersonalData(payload: PlausibleRequestPayload): PlausibleRequestPayload {
  return {
    ...payload,
    u: reportedUrl(payload.u),
    ...(payload.r === undefined ? {} : { r: reportedReferrer(payload.r) }),
  };
}

export function startTracker(analytics: NonNullable<SiteConfig['analytics']>, local: boolean) {
  init({
    domain: analytics.domain,
    endpoint: analytics.endpoint,
    // The library skips localhost, where the local stack's stand-in is, unless told.
    captureOnLocalhost: local,
    logging: false,
    transformRequest: withoutPersonalData,
  });
}

export function trackEvent(event: FunnelEvent, props: FunnelProps): void {
  track(event, { props: { ...props } });
}
