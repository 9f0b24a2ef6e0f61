import { LOCAL_ROUTES } from './local-stack-routes.ts';

export const BOOKING_PROVIDERS = ['cal', 'calendly', 'link'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];

export interface BookingConfig {
  url: string;
  provider: BookingProvider;
}

export interface BookingPrefill {
  name?: string;
  email?: string;
  notes?: string;
  leadId?: string;
}

/** Served from the site's own origin (copied from @calcom/embed-core). */
export const CAL_EMBED_PATH = '/vendor/cal/embed.js';

export const CAL_LEAD_METADATA = 'metadata[lead_id]';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function providerOfHost(url: URL): Exclude<BookingProvider, 'link'> | null {
  const host = url.hostname.toLowerCase();
  if (isHostOf(host, 'cal.com')) return 'cal';
  if (isHostOf(host, 'calendly.com')) return 'calendly';
  return null;
}

/** The named provider, else by host, else a link; locally the booking stand-in is Cal. */
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

export function calTarget(url: string): { calOrigin: string; calLink: string } {
  const parsed = new URL(url);
  return {
    calOrigin: parsed.origin,
    calLink: parsed.pathname.replace(/^\/+|\/+$/g, ''),
  };
}

/** embed.js rewrites https://cal.com to https://app.cal.com for its frame, and the CSP must name where it ends. */
export function calFrameOrigin(calOrigin: string): string {
  return new URL(calOrigin.replace('https://cal.com', 'https://app.cal.com')).origin;
}

/** For the CSP's frame-src; a link opens a new tab and needs none. */
export function bookingFrameOrigin(booking: BookingConfig | null): string | null {
  if (!booking) return null;
  if (booking.provider === 'cal') return calFrameOrigin(calTarget(booking.url).calOrigin);
  if (booking.provider === 'calendly') return new URL(booking.url).origin;
  return null;
}

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Every key becomes a query parameter of the frame's URL, so metadata goes flat: a nested object would be "[object Object]". */
export function calConfig(prefill: BookingPrefill): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ['name', present(prefill.name)],
    ['email', present(prefill.email)],
    ['notes', present(prefill.notes)],
    [CAL_LEAD_METADATA, present(prefill.leadId)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => !!entry[1]));
}

/** The lead's id goes in `utm_content`, where Calendly keeps it for the owner (tracking.utm_content). */
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

/** Prefilled with the same query parameters as the embed; any other page as set. */
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
