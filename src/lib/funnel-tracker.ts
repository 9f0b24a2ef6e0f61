import { init, track, type PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { looksPersonal, utmKeyOf } from '@shared/lead-rules.ts';
import type { SiteConfig } from './config-schema';
import type { FunnelEvent, FunnelProps } from './funnel-events';

/**
 * The address an event reports: the page's path and its campaign tags only, the five standard
 * `utm_` keys (utmKeyOf, as a lead reads them), each value that does not look like an e-mail address or a phone number
 * (looksPersonal, the rule a lead's utm is kept by). Any other query parameter (an e-mail an ad
 * platform appended, a token), any other `utm_` key and the fragment are dropped, so nothing
 * personal leaves in the URL.
 */
export function reportedUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    const key = utmKeyOf(name);
    // The first of each, as a lead keeps it (visit.ts utmFrom).
    if (key && !kept.has(key) && !looksPersonal(value)) kept.append(key, value);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The page the visitor came from, as an event reports it: its scheme and host only
 * (`https://www.google.com`, `android-app://com.google.android.gm`), never its path, query or
 * fragment (a search, another site's page, a token); null when there is none.
 */
export function reportedReferrer(referrer: string | null | undefined): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  return url.host ? `${url.protocol}//${url.host}` : null;
}

/**
 * Every event as it leaves the page (the library's `transformRequest`, which its engagement
 * events reuse): the URL cut by reportedUrl, the referrer by reportedReferrer.
 */
export function withoutPersonalData(payload: PlausibleRequestPayload): PlausibleRequestPayload {
  return {
    ...payload,
    u: reportedUrl(payload.u),
    ...(payload.r === undefined ? {} : { r: reportedReferrer(payload.r) }),
  };
}

/** Plausible's library, set up once: the page view now and at each client-side navigation. */
export function startTracker(analytics: NonNullable<SiteConfig['analytics']>, local: boolean) {
  init({
    domain: analytics.domain,
    endpoint: analytics.endpoint,
    // The local stack's stand-in is on localhost, which the library skips unless told.
    captureOnLocalhost: local,
    logging: false,
    transformRequest: withoutPersonalData,
  });
}

export function trackEvent(event: FunnelEvent, props: FunnelProps): void {
  track(event, { props: { ...props } });
}
