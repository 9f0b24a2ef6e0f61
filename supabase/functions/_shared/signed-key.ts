import { sameSecret } from './jwt.ts';

/**
 * Keys only the server can make (Web Crypto only, no imports of settings, so the handlers' tests
 * load it): HMAC-SHA256 values of a message, with a key derived from one server secret (the
 * service-role key) and a fixed label. Each use has its label, so a value made for one (a chat's
 * key, ../chat/chat-key.ts) is never valid for another (a report's key, ./report-key.ts), and
 * rotating the secret voids them all.
 */

const encoder = new TextEncoder();

export interface SignedKeys {
  /** The HMAC-SHA256 of `message` (32 bytes). */
  sign: (message: string) => Promise<Uint8Array>;
  /** The same as text: base64url, 43 characters. */
  keyOf: (message: string) => Promise<string>;
  /** Whether `key` is the key of `message`, compared in constant time. */
  holds: (key: string | null, message: string) => Promise<boolean>;
}

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

/** The keys of one use (`label`) of `secret`. */
export function signedKeys(secret: string, label: string): SignedKeys {
  // Derived once: HMAC(secret, label) is the key this use's values are signed with.
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
    holds: async (key, message) => key !== null && (await sameSecret(key, await keyOf(message))),
  };
}
