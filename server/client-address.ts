import type { Context } from 'hono';

export function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

export function isLoopbackHost(hostHeader: string): boolean {
  const host = hostHeader
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || isLoopback(host);
}

/** undefined for an in-process request (tests). */
function peerAddress(c: Context): string | undefined {
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
 * A request's headers as the proxy in front of the data API and the functions passes them on.
 * Cloudflare overwrites `cf-connecting-ip`: one sent by a peer that is not a local proxy is
 * dropped.
 */
export function proxiedHeaders(c: Context): Headers {
  const headers = new Headers(c.req.raw.headers);
  const peer = peerAddress(c);
  headers.set('x-forwarded-for', forwardedFor(c.req.header('x-forwarded-for'), peer));
  if (peer !== undefined && !isLoopback(peer)) headers.delete('cf-connecting-ip');
  return headers;
}

/** The key a request sends (`apikey`, `Authorization: Bearer`): null if none, or if two copies differ. */
export function sentKey(c: Context): string | null {
  const sent = [
    c.req.header('apikey'),
    c.req.header('authorization')?.replace(/^Bearer\s+/i, ''),
  ].filter((value) => value !== undefined);
  return sent.length > 0 && sent.every((value) => value === sent[0]) ? sent[0]! : null;
}
