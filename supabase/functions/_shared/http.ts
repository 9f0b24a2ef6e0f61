import { refuse, type Parsed } from './contracts/refusal.ts';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopback(url: string): boolean {
  return LOOPBACK_HOSTS.includes(new URL(url).hostname);
}

/** A loopback site is allowed under every loopback spelling: a developer may open any of them. */
export function siteOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (!isLoopback(siteUrl)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

/** Another page's Origin gets the site's first origin, which its browser then refuses. */
export function corsHeaders(
  origins: readonly string[],
  requestOrigin: string | null,
): Record<string, string> {
  const allowed = requestOrigin && origins.includes(requestOrigin) ? requestOrigin : origins[0];
  return {
    'Access-Control-Allow-Origin': allowed ?? 'null',
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin',
  };
}

const DRAIN_FACTOR = 4;

/**
 * Null past `maxBytes`. An oversized body is still read and dropped up to `drainFactor` times the
 * limit, so a client that is still sending gets the answer instead of a reset connection.
 */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
  drainFactor = 0,
): Promise<Uint8Array | null> {
  const reader = request.body?.getReader();
  const drain = async () => {
    let drained = 0;
    while (reader && drained <= maxBytes * drainFactor) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
    }
    await reader?.cancel();
  };
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) {
    await drain();
    return null;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

export async function readJsonObject(
  request: Request,
  maxBytes: number,
): Promise<Parsed<Record<string, unknown>>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    return refuse(415, 'bad_request', 'Send application/json.');
  }
  const bytes = await readBodyWithin(request, maxBytes, DRAIN_FACTOR);
  if (!bytes) return refuse(413, 'too_large', `The body is larger than ${maxBytes} bytes.`);
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
  } catch {
    // answered below
  }
  return refuse(400, 'bad_request', 'The body must be a JSON object.');
}

/** Recorded with each request, so a deploy whose proxy sets neither header shows. */
export type AddressSource = 'cf-connecting-ip' | 'x-forwarded-for' | 'none';

/**
 * Cloudflare, in front of hosted Supabase, overwrites a caller's cf-connecting-ip; in
 * x-forwarded-for only the rightmost entry is a proxy's. The database's lead guards agree.
 */
export function clientAddressOf(headers: Headers): {
  address: string | null;
  source: AddressSource;
} {
  const cloudflare = headers.get('cf-connecting-ip')?.trim();
  if (cloudflare) return { address: cloudflare.slice(0, 100), source: 'cf-connecting-ip' };
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded
    ? { address: forwarded.slice(0, 100), source: 'x-forwarded-for' }
    : { address: null, source: 'none' };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
