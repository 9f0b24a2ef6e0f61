/**
 * Public-key mode posts Vapi's /chat/web; server mode goes through the `chat` function, with no
 * Vapi key in the page. Either way the chat is ended so the owner gets its report.
 */
import { CHAT, chatKeyOf, type ChatBody, type ChatLimit } from '@shared/contracts/chat.ts';
import { reportTicketOf, type ReportTicket } from '@shared/contracts/report-read.ts';
import { announceReport } from '@/lib/pending-report';
import { limitedKind } from '@shared/contracts/claim.ts';
import type { CreateWebChatBody } from '@shared/vapi/types.ts';
import type { BotCheckSession } from '@/lib/bot-check';
import { openFunction, type FunctionsClient } from '@/lib/functions';
import { agentVariables } from '@/lib/agent-variables';
import { visitId } from '@/lib/visit';
import { readChatAnswer } from './read-answer';

/** `restarted`: a server chat that cannot go on from here, so the next message starts a new one. */
export type ChatErrorKind = 'unavailable' | 'limited' | 'spent' | 'failed' | 'restarted';

export class ChatError extends Error {
  constructor(
    readonly kind: ChatErrorKind,
    detail: string,
  ) {
    super(detail);
    this.name = 'ChatError';
  }
}

const ANSWER_TIMEOUT_MS = 30_000;

/** Required by Vapi's type, not processed with `sessionEnd`. */
export const SESSION_END_INPUT = 'The visitor closed the chat.';

export interface ChatTransport {
  send: (input: string, onDelta: (delta: string) => void) => Promise<void>;
  /** Sent even as the page is left. */
  end: () => void;
}

async function withinTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms = ANSWER_TIMEOUT_MS,
): Promise<T> {
  try {
    return await work(AbortSignal.timeout(ms));
  } catch (error) {
    if (error instanceof ChatError) throw error;
    throw new ChatError('failed', String(error));
  }
}

export function createPublicKeyChat({
  publicKey,
  assistantId,
  fetcher = (...args: Parameters<typeof fetch>) => fetch(...args),
  timeoutMs = ANSWER_TIMEOUT_MS,
}: {
  publicKey: string;
  assistantId: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
}): ChatTransport {
  let sessionId: string | null = null;
  const post = (body: CreateWebChatBody, init: { signal?: AbortSignal; keepalive?: boolean }) =>
    fetcher('https://api.vapi.ai/chat/web', {
      method: 'POST',
      headers: { Authorization: `Bearer ${publicKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    });
  return {
    send: async (input, onDelta) => {
      const body: CreateWebChatBody = {
        assistantId,
        input,
        ...(sessionId ? { sessionId } : {}),
        assistantOverrides: { variableValues: { ...agentVariables(), visit_id: visitId() } },
        stream: true,
      };
      const answer = await withinTimeout(async (signal) => {
        const response = await post(body, { signal });
        if (!response.ok) {
          const { status } = response;
          const kind = status === 402 ? 'unavailable' : status === 429 ? 'limited' : 'failed';
          throw new ChatError(kind, `chat/web answered ${status}`);
        }
        return readChatAnswer(response, onDelta);
      }, timeoutMs);
      if (answer.sessionId) sessionId = answer.sessionId;
      if (answer.text === '') throw new ChatError('failed', 'chat/web answered no reply');
    },
    end: () => {
      if (!sessionId) return;
      const body: CreateWebChatBody = {
        assistantId,
        sessionId,
        input: SESSION_END_INPUT,
        sessionEnd: true,
      };
      sessionId = null;
      void post(body, { keepalive: true }).catch(() => undefined);
    },
  };
}

const SPENT: ChatLimit[] = ['day'];

export function createServerChat({
  client,
  botCheck,
}: {
  client: FunctionsClient;
  botCheck: BotCheckSession;
}): ChatTransport {
  /** `key` comes with the first answer: later messages bring it back instead of a bot check. Never shown. */
  const newChat = () => ({
    id: crypto.randomUUID(),
    known: false,
    key: null as string | null,
    report: null as ReportTicket | null,
  });
  let chat = newChat();
  const startOver = () => (chat = newChat());
  const message = (input: string, captcha: string | null): ChatBody => ({
    id: chat.id,
    input,
    captcha,
    key: captcha === null ? chat.key : null,
    visit_id: visitId(),
    variables: agentVariables(),
    end: false,
  });
  return {
    send: async (input, onDelta) => {
      let captcha: string | null = null;
      if (chat.key === null) {
        try {
          captcha = await botCheck.token(ANSWER_TIMEOUT_MS);
        } catch (error) {
          throw new ChatError('failed', `bot check: ${String(error)}`);
        }
      }
      const answer = await withinTimeout(async (signal) => {
        const response = await openFunction(client, CHAT.name, message(input, captcha), {
          signal,
        });
        if (!(response instanceof Response))
          throw new ChatError('failed', `chat unreachable: ${response.detail}`);
        if (!response.ok) {
          const refusal = (await response.json().catch(() => ({}))) as { code?: string };
          const detail = `chat answered ${response.status} ${refusal.code ?? ''}`.trim();
          // Ended meanwhile (another tab, the idle timer), or the key does not hold here (a new
          // network): the next message starts a new chat, with a bot check.
          if (response.status === 409 || response.status === 403) startOver();
          if (refusal.code === 'not_yours') throw new ChatError('restarted', detail);
          if (response.status === 429) throw new ChatError(limitedKind(refusal, SPENT), detail);
          throw new ChatError(refusal.code === 'unavailable' ? 'unavailable' : 'failed', detail);
        }
        chat.known = true;
        const read = await readChatAnswer(response, onDelta);
        chat.key = chatKeyOf(read.body) ?? chat.key;
        chat.report = reportTicketOf(read.body) ?? chat.report;
        return read;
      });
      if (answer.text === '') throw new ChatError('failed', 'chat answered no reply');
    },
    end: () => {
      if (!chat.known) return;
      const ending: ChatBody = { ...message('', null), end: true };
      announceReport(chat.report, 'chat');
      startOver();
      void openFunction(client, CHAT.name, ending, { keepalive: true });
    },
  };
}
