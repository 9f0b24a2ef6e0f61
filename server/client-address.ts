import type { Context } from 'hono';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || isLoopback(host);
}

/** undefined for an in-process request (tests). */
export function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * X-Forwarded-For as a proxy in front of the API sets it: a peer on this machine is taken for a
 * local reverse proxy and kept; any other peer is appended on the right, where a caller cannot
 * write.
 */
export function forwardedFor(sent: string | undefined, peer: string | undefined): string {
  const own = sent?.trim() ? sent.trim() : undefined;
  if (peer === undefined || isLoopback(peer)) return own ?? peer ?? '127.0.0.1';
  return own ? `${own}, ${peer}` : peer;
}

/**
 * The headers PostgREST passes in `request.headers`. Cloudflare overwrites `cf-connecting-ip`:
 * one sent by a peer that is not a local proxy is dropped.
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

export const fromAnotherMachine = (peer: string | undefined): boolean =>
  peer !== undefined && !isLoopback(peer);
