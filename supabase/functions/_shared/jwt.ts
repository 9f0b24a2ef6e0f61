/** JSON Web Tokens signed with HS256 (Web Crypto only), for Vapi's short-lived tokens. */

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

/** `header.payload.signature`, HS256 over the payload with `secret`. */
export async function signHs256(payload: Record<string, unknown>, secret: string): Promise<string> {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    encoder.encode(`${head}.${body}`),
  );
  return `${head}.${body}.${base64url(new Uint8Array(signature))}`;
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** The payload of an HS256 token whose signature `secret` verifies; null otherwise. */
export async function verifyHs256(
  token: string,
  secret: string,
): Promise<Record<string, unknown> | null> {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  const header = JSON.parse(new TextDecoder().decode(fromBase64url(head))) as { alg?: string };
  if (header.alg !== 'HS256') return null;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret, 'verify'),
    fromBase64url(signature),
    encoder.encode(`${head}.${body}`),
  );
  return valid
    ? (JSON.parse(new TextDecoder().decode(fromBase64url(body))) as Record<string, unknown>)
    : null;
}

/**
 * Whether two secrets are equal, in time that does not depend on where they differ: both are
 * hashed first (equal lengths), then every byte is compared.
 */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  let difference = 0;
  for (let i = 0; i < left.length; i += 1) difference |= left[i]! ^ right[i]!;
  return difference === 0;
}
