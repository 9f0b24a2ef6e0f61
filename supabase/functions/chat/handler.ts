import { CHAT, chatRefusal, type ChatAnswer, type ChatLimit } from '../_shared/contracts/chat.ts';
import { parseClaim, retryAfter, type Limited } from '../_shared/contracts/claim.ts';
import { budgetAlarm } from '../_shared/budget.ts';
import { openEndpoint, type PageSettings } from '../_shared/endpoint.ts';
import { requestVapi, type VapiReach } from '../_shared/vapi/client.ts';
import type {
  CreateChatBody,
  UpdateSessionBody,
  VapiChat,
  WebChatAnswer,
} from '../_shared/vapi/types.ts';
import type { ChatKeys } from './chat-key.ts';

/**
 * chat: "Type instead" in server mode, so no key in the page can talk to the owner's assistant.
 * Only a chat's first message passes the bot check; later ones and the end bring the chat's key
 * (./chat-key.ts), which is checked before the database.
 */
export interface ChatSettings extends PageSettings {
  /** As web_chat_claim reads them. */
  limits: {
    per_address: number;
    per_address_window: number;
    messages_per_chat: number;
    messages_per_day: number;
  };
  vapi: VapiReach & { assistantId: string };
  keys: ChatKeys;
}

type Claim =
  | { outcome: 'message'; vapi_session_id: string | null }
  | { outcome: 'unverified' }
  | { outcome: 'ended' }
  | Limited<ChatLimit>;

function replyOf(chat: VapiChat): WebChatAnswer {
  const output = (chat.output ?? []).flatMap((item) => {
    const { role, content } = item as { role?: unknown; content?: unknown };
    return role === 'assistant' && typeof content === 'string'
      ? [{ role: 'assistant' as const, content }]
      : [];
  });
  return { id: chat.id, output };
}

export function createHandler(settings: ChatSettings): (request: Request) => Promise<Response> {
  const { vapi, limits, keys } = settings;
  const spent = budgetAlarm(settings);
  const opening = {
    ...CHAT,
    origins: settings.origins,
    botCheck: settings.turnstile,
    // The claim refuses a chat it does not know unless this request passed the check.
    botCheckWhen: (body: { captcha: string | null }) => body.captcha !== null,
  };

  return openEndpoint(opening, async (opened) => {
    const { body: request, address, addressSource, answer, refuse, orAnswer } = opened;
    const noStore = { 'Cache-Control': 'no-store' };
    const failed = () => refuse(chatRefusal('chat_failed'));
    const first = request.captcha !== null;
    if (!first && !(await keys.holds(request.key, request.id, address))) {
      return refuse(chatRefusal('not_yours'));
    }
    const chatId = await keys.rowOf(request.id, address);
    if (request.end) {
      const session = await orAnswer(
        async () => {
          const ended = await settings.database('web_chat_end', { id: chatId });
          return (ended as { vapi_session_id: string | null }).vapi_session_id;
        },
        'the database did not end the chat',
        failed,
      );
      if (session) {
        const body: UpdateSessionBody = { status: 'completed' };
        const path = `/session/${encodeURIComponent(session)}`;
        const completed = await requestVapi(vapi, 'PATCH', path, body);
        if (!completed.ok) console.error(`chat: the session was not completed: ${completed.error}`);
      }
      return answer(200, { ended: true }, noStore);
    }

    const claim = await orAnswer(
      async () =>
        parseClaim<Claim>(
          await settings.database('web_chat_claim', {
            id: chatId,
            client_address: address,
            address_source: addressSource,
            visit_id: request.visit_id,
            verified: first,
            limits,
          }),
          ['message', 'unverified', 'ended', 'limited'],
        ),
      'the database did not take the message',
      failed,
    );
    if (claim.outcome === 'unverified') return refuse(chatRefusal('captcha_failed'));
    if (claim.outcome === 'ended') return refuse(chatRefusal('chat_ended'));
    if (claim.outcome === 'limited') {
      if (claim.limit === 'day') spent('chat', limits.messages_per_day, claim.retry_after);
      return refuse(chatRefusal('limited', retryAfter(claim)));
    }

    const body: CreateChatBody = {
      assistantId: vapi.assistantId,
      input: request.input,
      ...(claim.vapi_session_id ? { sessionId: claim.vapi_session_id } : {}),
      assistantOverrides: {
        variableValues: { ...request.variables, visit_id: request.visit_id },
        metadata: { visit_id: request.visit_id, web_chat_id: chatId },
      },
    };
    const reply = await requestVapi<VapiChat>(vapi, 'POST', '/chat', body);
    if (!reply.ok) {
      console.error(`chat: ${reply.error}`);
      if (reply.status === 402) return refuse(chatRefusal('unavailable'));
      if (reply.status !== 429) return failed();
      return refuse(chatRefusal('limited', retryAfter({ limit: 'vapi', retry_after: 60 })));
    }
    if (!claim.vapi_session_id && reply.body.sessionId) {
      // Unrecorded, the next message starts a new session on Vapi: the chat goes on, with less
      // context.
      await settings
        .database('web_chat_record', { id: chatId, vapi_session_id: reply.body.sessionId })
        .catch((error: unknown) => console.error('chat: could not record the session:', error));
    }
    const replied = replyOf(reply.body);
    if (replied.output.length === 0) {
      console.error('chat: Vapi answered no assistant line');
      return failed();
    }
    const answered: ChatAnswer = first
      ? {
          ...replied,
          key: await keys.keyOf(request.id, address),
          report: await settings.reports.ticketOf(chatId),
        }
      : replied;
    return answer(200, answered, noStore);
  });
}
