import { sameSecret } from './jwt.ts';

/**
 * HMAC-SHA256 keys derived from one server secret and a label per use, so a value made for one
 * use is never valid for another, and rotating the secret voids them all.
 */

const encoder = new TextEncoder();

async function hmacKey(raw: BufferSource): Promise<CryptoKey> {
  return await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** `keyOf` is base64url, 43 characters; `holds` compares in constant time. */
export function signedKeys(secret: string, label: string) {
  const derived = (async () => {
    const root = await hmacKey(encoder.encode(secret));
    return await hmacKey(await crypto.subtle.sign('HMAC', root, encoder.encode(label)));
  })();
  const sign = async (message: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', await derived, encoder.encode(message)));
  const keyOf = async (message: string) => base64url(await sign(message));
  return {
    sign,
    keyOf,
    holds: async (key: string | null, message: string) =>
      key !== null && (await sameSecret(key, await keyOf(message))),
  };
}
