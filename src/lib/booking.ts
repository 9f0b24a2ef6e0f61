import { LOCAL_ROUTES } from './local-stack-routes.ts';

/**
 * Book a time: the owner's booking page (VITE_BOOKING_URL) opened inline, prefilled
 * from what the visitor already typed. Pure: the configuration picks the provider with it, the
 * build's CSP names the frame's origin with it, the page builds the embed's config with it.
 */

/**
 * How the booking page is shown: Cal.com's embed (`@calcom/embed-react`, its embed.js served
 * from the site's own origin), Calendly's inline widget (`react-calendly`), or a link in a new
 * tab.
 */
export const BOOKING_PROVIDERS = ['cal', 'calendly', 'link'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];

export interface BookingConfig {
  url: string;
  provider: BookingProvider;
}

/** What the visitor already gave: every part optional (a card may know less than a form). */
export interface BookingPrefill {
  name?: string;
  email?: string;
  notes?: string;
  /** The lead's id (the contact submission's UUID): lands in the booking's metadata. */
  leadId?: string;
}

/** Where the build serves Cal's embed.js (copied from @calcom/embed-core): the site's own origin. */
export const CAL_EMBED_PATH = '/vendor/cal/embed.js';

/** The metadata key the lead's id goes under (Cal.com: `metadata[lead_id]`). */
export const CAL_LEAD_METADATA = 'metadata[lead_id]';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Cal.com or Calendly by the URL's host alone, else null. */
function providerOfHost(url: URL): Exclude<BookingProvider, 'link'> | null {
  const host = url.hostname.toLowerCase();
  if (isHostOf(host, 'cal.com')) return 'cal';
  if (isHostOf(host, 'calendly.com')) return 'calendly';
  return null;
}

/**
 * The provider for a booking URL: the one named (VITE_BOOKING_PROVIDER, for a self-hosted Cal.com
 * or to force a plain link), else by host (cal.com and its subdomains: Cal; calendly.com:
 * Calendly), else a link. In a local build, the local stack's booking stand-in
 * (`/local/booking/…` on a loopback address) is Cal, as it stands in for Cal's booking page.
 */
export function bookingProvider(
  url: string,
  named: BookingProvider | undefined,
  mode: 'production' | 'local',
): BookingProvider {
  if (named) return named;
  const parsed = new URL(url);
  const byHost = providerOfHost(parsed);
  if (byHost) return byHost;
  if (
    mode === 'local' &&
    LOOPBACK.has(parsed.hostname) &&
    parsed.pathname.startsWith(`${LOCAL_ROUTES.booking}/`)
  )
    return 'cal';
  return 'link';
}

/**
 * Cal's embed parts of a booking URL: `calOrigin` (the URL's origin) and `calLink` (its path,
 * without the leading slash). The embed loads `${calOrigin}/${calLink}/embed?…` in its iframe.
 */
export function calTarget(url: string): { calOrigin: string; calLink: string } {
  const parsed = new URL(url);
  return {
    calOrigin: parsed.origin,
    calLink: parsed.pathname.replace(/^\/+|\/+$/g, ''),
  };
}

/**
 * The origin of the frame Cal's embed opens for `calOrigin`. embed.js (1.5.3, `createIframe`)
 * rewrites `https://cal.com` to `https://app.cal.com` before it builds the frame's URL: the CSP
 * must name the origin it ends at. The same text replacement, so the two never differ.
 */
export function calFrameOrigin(calOrigin: string): string {
  return new URL(calOrigin.replace('https://cal.com', 'https://app.cal.com')).origin;
}

/**
 * The origin the booking opens in a frame, for the CSP's frame-src; null for a link (a new tab
 * needs no CSP) and when no booking page is set.
 */
export function bookingFrameOrigin(booking: BookingConfig | null): string | null {
  if (!booking) return null;
  if (booking.provider === 'cal') return calFrameOrigin(calTarget(booking.url).calOrigin);
  if (booking.provider === 'calendly') return new URL(booking.url).origin;
  return null;
}

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Cal's embed config: its documented prefill (`name`, `email`, `notes`) and the lead's id as
 * booking metadata (`metadata[lead_id]`). Every key becomes a query parameter of the frame's URL
 * (embed.js `buildFilteredQueryParams`), so metadata goes flat: a nested object would be sent as
 * "[object Object]".
 */
export function calConfig(prefill: BookingPrefill): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ['name', present(prefill.name)],
    ['email', present(prefill.email)],
    ['notes', present(prefill.notes)],
    [CAL_LEAD_METADATA, present(prefill.leadId)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => !!entry[1]));
}

/**
 * Calendly's prefill (react-calendly's `prefill`: `name`, `email`, and the message as the first
 * custom question's answer, `a1`) and the lead's id where Calendly keeps it for the owner: the
 * UTM parameters, as `utm_content` (the booking's `tracking.utm_content` in Calendly's API and
 * webhooks).
 */
export function calendlyProps(prefill: BookingPrefill): {
  prefill: { name?: string; email?: string; customAnswers?: { a1: string } };
  utm: { utmContent?: string };
} {
  const notes = present(prefill.notes);
  const leadId = present(prefill.leadId);
  return {
    prefill: {
      ...(present(prefill.name) ? { name: present(prefill.name) } : {}),
      ...(present(prefill.email) ? { email: present(prefill.email) } : {}),
      ...(notes ? { customAnswers: { a1: notes } } : {}),
    },
    utm: leadId ? { utmContent: leadId } : {},
  };
}

/**
 * The booking page's address for a new tab, prefilled where the page takes it in its query (the
 * same parameters as its embed: Cal.com's `name`, `email`, `notes`, `metadata[lead_id]`;
 * Calendly's `name`, `email`, `a1`, `utm_content`); any other page as set.
 */
export function bookingLinkUrl(booking: BookingConfig, prefill: BookingPrefill): string {
  const url = new URL(booking.url);
  const kind =
    booking.provider === 'link' ? providerOfHost(url) : (booking.provider as 'cal' | 'calendly');
  if (kind === 'cal') {
    for (const [key, value] of Object.entries(calConfig(prefill))) url.searchParams.set(key, value);
  } else if (kind === 'calendly') {
    const { prefill: fields, utm } = calendlyProps(prefill);
    if (fields.name) url.searchParams.set('name', fields.name);
    if (fields.email) url.searchParams.set('email', fields.email);
    if (fields.customAnswers) url.searchParams.set('a1', fields.customAnswers.a1);
    if (utm.utmContent) url.searchParams.set('utm_content', utm.utmContent);
  }
  return url.toString();
}
