import { signedKeys } from '../_shared/signed-key.ts';

/**
 * A chat belongs to the address that started it: its key and its database id are both derived
 * from the page's id and the address, so the same id from another address is another chat.
 */
export const CHAT_KEY_LABEL = 'chat: a chat belongs to its address, v1';

export type ChatKeys = ReturnType<typeof chatKeys>;

/** A version 8 (custom) UUID from the first 16 bytes of `bytes`. */
function uuidOf(bytes: Uint8Array): string {
  const b = bytes.slice(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `rowOf`: the chat's id in the database. */
export function chatKeys(secret: string) {
  const keys = signedKeys(secret, CHAT_KEY_LABEL);
  const message = (purpose: 'key' | 'row', id: string, address: string | null) =>
    `${purpose}\n${id.toLowerCase()}\n${address ?? ''}`;
  return {
    keyOf: (id: string, address: string | null) => keys.keyOf(message('key', id, address)),
    holds: (key: string | null, id: string, address: string | null) =>
      keys.holds(key, message('key', id, address)),
    rowOf: async (id: string, address: string | null) =>
      uuidOf(await keys.sign(message('row', id, address))),
  };
}
