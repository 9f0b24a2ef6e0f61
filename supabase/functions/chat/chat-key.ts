import { signedKeys } from '../_shared/signed-key.ts';

/**
 * A chat belongs to the address that started it. From one server secret, with a label of its own
 * (../_shared/signed-key.ts), two HMAC-SHA256 values of the page's chat id and the client's
 * address:
 * - the chat's key, answered with its first message (the one with a passed bot check): every
 *   later message and the end must bring it back, and it is checked before the database is
 *   asked, so a message or an end without it costs nothing there;
 * - the chat's id in the database: the page's id as seen from this address. The same id sent
 *   from another address, even with a bot-check token, is another chat, never this one.
 */

/** The label the chat's keys are derived with: another use of the same secret gets other keys. */
export const CHAT_KEY_LABEL = 'chat: a chat belongs to its address, v1';

export interface ChatKeys {
  /** The key of chat `id` started from `address` (43 characters, base64url). */
  keyOf: (id: string, address: string | null) => Promise<string>;
  /** Whether `key` is the key of chat `id` from `address`, compared in constant time. */
  holds: (key: string | null, id: string, address: string | null) => Promise<boolean>;
  /** The chat's id in the database (a UUID): the page's `id` from `address`. */
  rowOf: (id: string, address: string | null) => Promise<string>;
}

/** A version 8 (custom) UUID from the first 16 bytes of `bytes`. */
function uuidOf(bytes: Uint8Array): string {
  const b = bytes.slice(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The chat's keys from `secret` (the service-role key, see settings.ts). */
export function chatKeys(secret: string): ChatKeys {
  const keys = signedKeys(secret, CHAT_KEY_LABEL);
  const message = (purpose: 'key' | 'row', id: string, address: string | null) =>
    `${purpose}\n${id.toLowerCase()}\n${address ?? ''}`;
  return {
    keyOf: (id, address) => keys.keyOf(message('key', id, address)),
    holds: (key, id, address) => keys.holds(key, message('key', id, address)),
    rowOf: async (id, address) => uuidOf(await keys.sign(message('row', id, address))),
  };
}
