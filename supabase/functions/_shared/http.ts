/** Answers and request reading shared by the Edge Functions (web standards only). */
import { refuse, type Parsed } from './contracts/refusal.ts';

/** Loopback names a local page may be opened at: the same server under each spelling. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a URL is this machine's (a loopback name): the local stack's SITE_URL. */
export function isLoopback(url: string): boolean {
  return LOOPBACK_HOSTS.includes(new URL(url).hostname);
}

/**
 * The origins whose pages may call the functions: the site's own (SITE_URL). When the site is a
 * loopback address (the local stack), every loopback spelling of it at the same port, since a
 * developer may open the page at any of them; a deployed site has exactly one.
 */
export function siteOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (!isLoopback(siteUrl)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

/**
 * The CORS headers of an answer: the request's Origin when it is one of `origins` (the site's),
 * else the site's first origin (which a browser on any other page then refuses).
 */
export function corsHeaders(
  origins: readonly string[],
  requestOrigin: string | null = null,
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

/** A JSON answer. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** How far past its limit a body is read (and dropped) before the connection is cut. */
const DRAIN_FACTOR = 4;

/**
 * The request's body, read whole unless it passes `maxBytes` (by its Content-Length, or while it
 * streams in): then null. A body over the limit is still read on to `drainFactor` times the limit
 * and dropped, so an answer reaches a client that is still sending instead of a reset connection;
 * past that, or with a factor of 0, the reading stops there.
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

/**
 * The request's JSON object, read with a size limit: a larger body is refused (413) before it
 * is parsed, by its Content-Length or, when none is sent, while it streams in.
 */
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

/** Which header gave the client's address; none: every caller shares one bucket. */
export type AddressSource = 'cf-connecting-ip' | 'x-forwarded-for' | 'none';

/**
 * The client's address and the header it came from (recorded, so a deploy can be checked).
 * Cloudflare, in front of hosted Supabase, sets cf-connecting-ip and overwrites one the caller
 * sent; in x-forwarded-for only the rightmost entry is a proxy's (the rest is the caller's to
 * write). The same rule as the database's lead guards.
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

/** Whether an error is a fetch that ran out of time. */
export const isTimeout = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
