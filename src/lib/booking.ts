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
  const parsed = new URL(url);
  const standIn =
    mode === 'local' &&
    LOOPBACK.has(parsed.hostname) &&
    parsed.pathname.startsWith(`${LOCAL_ROUTES.booking}/`);
  return named ?? providerOfHost(parsed) ?? (standIn ? 'cal' : 'link');
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
  if (booking?.provider === 'cal') return calFrameOrigin(calTarget(booking.url).calOrigin);
  return booking?.provider === 'calendly' ? new URL(booking.url).origin : null;
}

/** Trimmed, with what is missing or blank left out: nothing is sent empty. */
function filled<K extends string>(
  values: Record<K, string | undefined>,
): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries<string | undefined>(values).flatMap(([key, value]) =>
      value?.trim() ? [[key, value.trim()]] : [],
    ),
  ) as Partial<Record<K, string>>;
}

/** Every key becomes a query parameter of the frame's URL, so metadata goes flat: a nested object would be "[object Object]". */
export function calConfig({ name, email, notes, leadId }: BookingPrefill): Record<string, string> {
  return filled({ name, email, notes, 'metadata[lead_id]': leadId });
}

/** The lead's id goes in `utm_content`, where Calendly keeps it for the owner (tracking.utm_content). */
function calendlyQuery({ name, email, notes, leadId }: BookingPrefill) {
  return filled({ name, email, a1: notes, utm_content: leadId });
}

/** react-calendly's props for what its page takes in the query. */
export function calendlyProps(prefill: BookingPrefill) {
  const { a1, utm_content, ...fields } = calendlyQuery(prefill);
  return {
    prefill: { ...fields, ...(a1 ? { customAnswers: { a1 } } : {}) },
    utm: utm_content ? { utmContent: utm_content } : {},
  };
}

/** Prefilled with the same query parameters as the embed; any other page as set. */
export function bookingLinkUrl(booking: BookingConfig, prefill: BookingPrefill): string {
  const url = new URL(booking.url);
  const kind = booking.provider === 'link' ? providerOfHost(url) : booking.provider;
  const query =
    kind === 'cal' ? calConfig(prefill) : kind === 'calendly' ? calendlyQuery(prefill) : {};
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
