import { isUuid } from '../http.ts';
import type { WebChatAnswer } from '../vapi/types.ts';
import { parseVariables, parseVisitId, type AgentVariables } from './origin.ts';
import { claimRefusals, limitErrorBody } from './claim.ts';
import type { EndpointContract, Parsed } from './refusal.ts';
import type { ReportTicket } from './report-read.ts';

/**
 * chat on the wire (VITE_VAPI_AUTH=server): the page's "Type instead" sends each message here,
 * and the function passes it to Vapi's POST /chat with the private key and its own assistant,
 * answering with Vapi's answer as is (a WebChat, ../vapi/types.ts). One chat is one `id` from
 * the page; its first message carries a bot-check token, and its answer the chat's `key`; the
 * next ones carry no token but that key, and so does the end: the key holds only for this id from
 * the address that started the chat (../../chat/chat-key.ts). `end: true` ends the chat's session
 * on Vapi (its report reaches vapi-events).
 */

/** The longest message the chat takes, in characters. */
export const CHAT_INPUT_MAX = 1000;

export interface ChatBody {
  /** The page's UUID for one chat: every message of it, and its end. */
  id: string;
  /** The visitor's message (1 to CHAT_INPUT_MAX characters); ignored with `end`. */
  input: string;
  /** The first message of a chat: a bot-check token. Then null. */
  captcha: string | null;
  /** Every message after the first, and the end: the key the first answer gave. */
  key: string | null;
  visit_id: string | null;
  /** The calculator's inputs and estimate when it shows one, and the page's trade, for the agent (variableValues). */
  variables: AgentVariables | null;
  /** Ends the chat: no message is sent, the session is completed. */
  end: boolean;
}

/** A chat's key as the function makes it (base64url of an HMAC-SHA256). */
const CHAT_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The answer to a message (200): Vapi's reply, and with the first message the chat's key and the
 * ticket that reads the chat's report for the lead card (./report-read.ts; its id is the chat's
 * row in the database, not the page's id).
 */
export type ChatAnswer = WebChatAnswer & { key?: string; report?: ReportTicket };

/** The chat's key in an answer, or null when it has none (the page keeps it, never shows it). */
export function chatKeyOf(answer: unknown): string | null {
  const key = (answer as { key?: unknown } | null)?.key;
  return typeof key === 'string' && CHAT_KEY.test(key) ? key : null;
}

/**
 * Which limit refused a message: a new chat from this address, this chat's length, the day's, or
 * Vapi's own rate limit (its 429).
 */
export type ChatLimit = 'address' | 'chat' | 'day' | 'vapi';

/** A refusal of chat; `limited` names its limit in `details` and has a Retry-After. */
export const chatRefusal = claimRefusals('Too many messages for now. Please try again later.', {
  // The chat was ended (closed, idle): the page starts a new one.
  chat_ended: [409, 'This chat has ended.'],
  // A message or end with no key, or a key of another chat or address: the page starts a new one.
  not_yours: [403, 'This chat cannot go on from here. Please start a new one.'],
  // Vapi's 402: the owner's account cannot pay for chats.
  unavailable: [503, 'The chat is not available right now.'],
  chat_failed: [502, 'The agent did not answer. Please try again.'],
});

export function parseChat(body: Record<string, unknown>): Parsed<ChatBody> {
  const end = body.end === true;
  const input = typeof body.input === 'string' ? body.input.trim() : '';
  if (!isUuid(body.id)) return chatRefusal('bad_request', { details: 'id' });
  if (!end && (input === '' || Array.from(input).length > CHAT_INPUT_MAX))
    return chatRefusal('bad_request', { details: 'input' });
  return {
    ok: true,
    value: {
      id: body.id,
      input: end ? '' : input,
      captcha:
        !end && typeof body.captcha === 'string' && body.captcha !== '' ? body.captcha : null,
      key: typeof body.key === 'string' && CHAT_KEY.test(body.key) ? body.key : null,
      visit_id: parseVisitId(body.visit_id),
      variables: parseVariables(body.variables),
      end,
    },
  };
}

/** chat: the refusal's `details` names the limit or the field (`{code, message, limit}`). */
export const CHAT: EndpointContract<ChatBody> = {
  name: 'chat',
  action: 'chat',
  maxBytes: 8 * 1024,
  parse: parseChat,
  errorBody: limitErrorBody,
};
