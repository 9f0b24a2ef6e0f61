import { isUuid } from '../http.ts';
import type { WebChatAnswer } from '../vapi/types.ts';
import { parseVariables, parseVisitId, type AgentVariables } from './origin.ts';
import { claimRefusals, limitErrorBody } from './claim.ts';
import { plainProse } from './plain-text.ts';
import type { EndpointContract, Parsed } from './refusal.ts';
import { SIGNED_KEY, type ReportTicket } from './report-read.ts';

export const CHAT_INPUT_MAX = 1000;

export interface ChatBody {
  id: string;
  /** Ignored with `end`. */
  input: string;
  /** Only on a chat's first message. */
  captcha: string | null;
  /** After the first message: the key its answer gave. */
  key: string | null;
  visit_id: string | null;
  variables: AgentVariables | null;
  end: boolean;
}

/** The first answer adds the key and the report's ticket (for the chat's row, not the page's id). */
export type ChatAnswer = WebChatAnswer & { key?: string; report?: ReportTicket };

export function chatKeyOf(answer: unknown): string | null {
  const key = (answer as { key?: unknown } | null)?.key;
  return typeof key === 'string' && SIGNED_KEY.test(key) ? key : null;
}

export type ChatLimit = 'address' | 'chat' | 'day' | 'vapi';

export const chatRefusal = claimRefusals('Too many messages for now. Please try again later.', {
  chat_ended: [409, 'This chat has ended.'],
  not_yours: [403, 'This chat cannot go on from here. Please start a new one.'],
  // Vapi's 402: the owner's account cannot pay for chats.
  unavailable: [503, 'The chat is not available right now.'],
  chat_failed: [502, 'The agent did not answer. Please try again.'],
});

export function parseChat(body: Record<string, unknown>): Parsed<ChatBody> {
  const end = body.end === true;
  // What hides (invisible characters, a word of look-alike letters) never reaches the agent.
  const input = typeof body.input === 'string' ? (plainProse(body.input) ?? '') : '';
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
      key: chatKeyOf(body),
      visit_id: parseVisitId(body.visit_id),
      variables: parseVariables(body.variables),
      end,
    },
  };
}

export const CHAT: EndpointContract<ChatBody> = {
  name: 'chat',
  action: 'chat',
  maxBytes: 8 * 1024,
  parse: parseChat,
  errorBody: limitErrorBody,
};
