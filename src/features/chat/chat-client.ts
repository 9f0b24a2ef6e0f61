/**
 * How a chat message reaches the agent, in the two ways calls do:
 * - public-key mode: Vapi's POST /chat/web with the public key as bearer, the reply streamed,
 *   each next message carrying the `sessionId` of the answer before it;
 * - server mode: the `chat` Edge Function (its contract: supabase/functions/_shared/contracts/
 *   chat.ts), behind one bot check per chat, with no Vapi key in the page.
 * Either way the agent gets the calculator's numbers and the visit as variable values, and a chat
 * is ended (`sessionEnd`, or the function's `end`) so the owner gets its report, tied to the visit.
 * Loaded on intent with the chat, never in the first load.
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

/**
 * What the visitor is told: Vapi's 402, a limit, the day's chats spent, no answer, or (server
 * mode) a chat that cannot go on from here, so the next message starts a new one.
 */
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

/** Past this, a reply that has not come whole is given up (the typed text goes back in the box). */
export const ANSWER_TIMEOUT_MS = 30_000;

/** Vapi's API, where the page sends public-key chats. */
export const VAPI_API_URL = 'https://api.vapi.ai';

/**
 * The `input` of the request that ends a session: required by Vapi's type, not processed with
 * `sessionEnd` (Vapi's API reference).
 */
export const SESSION_END_INPUT = 'The visitor closed the chat.';

export interface ChatTransport {
  /** Sends one message; the reply comes to `onDelta` as it arrives; rejects with a ChatError. */
  send: (input: string, onDelta: (delta: string) => void) => Promise<void>;
  /** Ends the chat, if a message of it was answered: sent even as the page is left. */
  end: () => void;
}

/** A failed answer's kind, by its status. */
function kindOfStatus(status: number): ChatErrorKind {
  if (status === 402) return 'unavailable';
  if (status === 429) return 'limited';
  return 'failed';
}

/** Runs `work` with a signal that aborts after `ms`; any failure is a ChatError. */
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
  apiUrl = VAPI_API_URL,
  fetcher = (...args: Parameters<typeof fetch>) => fetch(...args),
  timeoutMs = ANSWER_TIMEOUT_MS,
}: {
  publicKey: string;
  assistantId: string;
  apiUrl?: string;
  fetcher?: typeof fetch;
  /** How long a reply may take to come whole (tests shorten it). */
  timeoutMs?: number;
}): ChatTransport {
  let sessionId: string | null = null;
  const post = (body: CreateWebChatBody, init: { signal?: AbortSignal; keepalive?: boolean }) =>
    fetcher(`${apiUrl}/chat/web`, {
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
        // What the agent gets of this visit: the calculator's numbers, the trade, the visit's id.
        assistantOverrides: { variableValues: { ...agentVariables(), visit_id: visitId() } },
        stream: true,
      };
      const answer = await withinTimeout(async (signal) => {
        const response = await post(body, { signal });
        if (!response.ok) {
          throw new ChatError(
            kindOfStatus(response.status),
            `chat/web answered ${response.status}`,
          );
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

/** The limits that mean "no more chats today": the page points to the other ways. */
const SPENT: ChatLimit[] = ['day'];

export function createServerChat({
  client,
  botCheck,
}: {
  client: FunctionsClient;
  botCheck: BotCheckSession;
}): ChatTransport {
  let id = crypto.randomUUID();
  /** The function knows this chat (a message of it was taken): its end is sent. */
  let known = false;
  /**
   * The chat's key, from the first answer: every next message and the end bring it back (the
   * function takes them only with it, from the address that started the chat), and need no bot
   * check. Until the page has it, each message passes one. Never shown.
   */
  let key: string | null = null;
  /** The ticket of this chat's report, from the first answer (the lead card reads it). */
  let report: ReportTicket | null = null;
  /** The next message starts a new chat, with a bot check of its own. */
  const startOver = () => {
    id = crypto.randomUUID();
    known = false;
    key = null;
    report = null;
  };
  const message = (input: string, captcha: string | null): ChatBody => ({
    id,
    input,
    captcha,
    key: captcha === null ? key : null,
    visit_id: visitId(),
    variables: agentVariables(),
    end: false,
  });
  return {
    send: async (input, onDelta) => {
      let captcha: string | null = null;
      if (key === null) {
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
          // Ended meanwhile (another tab, the idle timer), or refused (403): the chat's key does
          // not hold from here (a new network) or a bot check failed. The next message starts a
          // new chat, with a bot check of its own.
          if (response.status === 409 || response.status === 403) startOver();
          if (refusal.code === 'not_yours') throw new ChatError('restarted', detail);
          if (response.status === 429) throw new ChatError(limitedKind(refusal, SPENT), detail);
          throw new ChatError(refusal.code === 'unavailable' ? 'unavailable' : 'failed', detail);
        }
        known = true;
        const read = await readChatAnswer(response, onDelta);
        key = chatKeyOf(read.body) ?? key;
        report = reportTicketOf(read.body) ?? report;
        return read;
      });
      if (answer.text === '') throw new ChatError('failed', 'chat answered no reply');
    },
    end: () => {
      if (!known) return;
      const ending: ChatBody = { ...message('', null), end: true };
      // Its end makes its report: the lead card waits for it.
      announceReport(report, 'chat');
      startOver();
      void openFunction(client, CHAT.name, ending, { keepalive: true });
    },
  };
}
