import type { Context } from 'hono';

/** Whether an address is this machine's own (IPv4, IPv6 or IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * Whether a request was addressed to this machine by name or loopback address (a Host header
 * such as `localhost:4173` or `[::1]:4173`), not through a DNS-rebound hostname.
 */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || isLoopback(host);
}

/** The address of the peer of this connection; undefined for an in-process request (tests). */
export function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * X-Forwarded-For as the local stack hands it to Postgres, the way a proxy in front of a data
 * API does: a peer on this machine is taken for a reverse proxy on the same host, so what it
 * sent is kept as it is (or is the peer itself when it sent none); any other peer is the client,
 * and its address is appended on the right, where a caller cannot write.
 */
export function forwardedFor(sent: string | undefined, peer: string | undefined): string {
  const own = sent?.trim() ? sent.trim() : undefined;
  if (peer === undefined || isLoopback(peer)) return own ?? peer ?? '127.0.0.1';
  return own ? `${own}, ${peer}` : peer;
}

/**
 * The request's headers as PostgREST passes them in `request.headers` (names in lower case),
 * with x-forwarded-for set as above. A `cf-connecting-ip` is Cloudflare's to set: one sent by a
 * peer that is not a local proxy is dropped, as Cloudflare overwrites it.
 */
export function requestHeadersForDatabase(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const peer = peerAddress(c);
  headers['x-forwarded-for'] = forwardedFor(headers['x-forwarded-for'], peer);
  if (fromAnotherMachine(peer)) delete headers['cf-connecting-ip'];
  return headers;
}

/**
 * Whether the peer is another machine: the data API and the functions drop its cf-connecting-ip
 * (above); a peer on this machine is taken for a local proxy.
 */
export const fromAnotherMachine = (peer: string | undefined): boolean =>
  peer !== undefined && !isLoopback(peer);
