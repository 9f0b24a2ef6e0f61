import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { funnel } from '@/lib/funnel';
import { CHAT, CHAT_INPUT_MAX } from '@shared/contracts/chat.ts';
import { Button } from '@/components/ui/button';
import { chat as copy } from '@/content/chat';
import { createBotCheck } from '@/lib/bot-check';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';
import {
  ChatError,
  createPublicKeyChat,
  createServerChat,
  type ChatErrorKind,
  type ChatTransport,
} from './chat-client';

/** A chat with no message for this long is ended, so the owner gets its report. */
export const CHAT_IDLE_MS = 5 * 60_000;

interface Line {
  id: number;
  speaker: 'user' | 'assistant';
  text: string;
}

const ERROR_LINES: Record<ChatErrorKind, string> = copy.errors;

/** The chat's way to the agent for this build (public key, or the server behind the bot check). */
/** A way to the agent for one mount of the panel, and what lets go of it. */
export interface ChatConnection {
  transport: ChatTransport;
  dispose: () => void;
}

function transportForThisSite(botCheckBox: () => HTMLElement | null): ChatConnection {
  const vapi = config.vapi!;
  if (vapi.auth === 'server') {
    const botCheck = createBotCheck(config.turnstile!, botCheckBox, CHAT.action!);
    botCheck
      .prepare()
      .catch((error: unknown) => console.error('Chat: the bot check did not load', error));
    return {
      transport: createServerChat({
        client: { functionsUrl: config.functionsUrl, anonKey: config.supabaseAnonKey },
        botCheck,
      }),
      dispose: () => botCheck.remove(),
    };
  }
  return {
    transport: createPublicKeyChat({ publicKey: vapi.publicKey, assistantId: vapi.assistantId }),
    dispose: () => undefined,
  };
}

export interface ChatPanelProps {
  onClose: () => void;
  /** Makes the way to the agent at mount (tests pass their own). */
  connect?: (botCheckBox: () => HTMLElement | null) => ChatConnection;
}

/**
 * "Type instead": a chat with the same agent as the voice demo. The log is a polite live region;
 * a reply shows as it arrives; a message that gets no answer goes back into the box with a line
 * that says why. Closing the chat, leaving the page or CHAT_IDLE_MS without a message ends it.
 */
export function ChatPanel({ onClose, connect = transportForThisSite }: ChatPanelProps) {
  const ids = useId();
  const [lines, setLines] = useState<Line[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  /** Sent, and no word of the reply yet. */
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<ChatErrorKind | null>(null);
  const [ended, setEnded] = useState(false);
  const transport = useRef<ChatTransport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const botCheckBox = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** This chat, for the funnel (a chat ended by idleness and taken up again is a new one). */
  const chatKey = useRef(crypto.randomUUID());

  useEffect(() => {
    // One connection per mount: what a cleanup let go of is never used again (a remount, as
    // StrictMode does in development, makes its own bot check).
    const connection = connect(() => botCheckBox.current);
    transport.current = connection.transport;
    input.current?.focus();
    // Leaving the page ends the chat too (the request outlives the page).
    const leave = () => transport.current?.end();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      clearTimeout(idle.current);
      connection.transport.end();
      connection.dispose();
      if (transport.current === connection.transport) transport.current = null;
    };
    // The connection is made once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The newest line in view.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines]);

  const armIdle = () => {
    clearTimeout(idle.current);
    idle.current = setTimeout(() => {
      transport.current?.end();
      chatKey.current = crypto.randomUUID();
      setEnded(true);
    }, CHAT_IDLE_MS);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' || sending || !transport.current) return;
    clearTimeout(idle.current);
    setError(null);
    setEnded(false);
    const asked: Line = { id: nextId.current++, speaker: 'user', text };
    const replyId = nextId.current++;
    let reply = '';
    setLines((current) => [...current, asked]);
    setDraft('');
    setSending(true);
    setWaiting(true);
    try {
      await transport.current.send(text, (delta) => {
        reply += delta;
        const shown = reply;
        setWaiting(false);
        setLines((current) =>
          current.some((line) => line.id === replyId)
            ? current.map((line) => (line.id === replyId ? { ...line, text: shown } : line))
            : [...current, { id: replyId, speaker: 'assistant', text: shown }],
        );
      });
      funnel.chatStarted(chatKey.current);
      armIdle();
    } catch (failure) {
      console.error('Chat: the message got no answer:', failure);
      // Nothing is lost: the message goes back into the box (unless a new one is being typed).
      setLines((current) => current.filter((line) => line.id !== asked.id && line.id !== replyId));
      setDraft((current) => (current === '' ? text : current));
      const kind = failure instanceof ChatError ? failure.kind : 'failed';
      // A chat that cannot go on: the next message is a new chat, for the funnel too.
      if (kind === 'restarted') chatKey.current = crypto.randomUUID();
      setError(kind);
    } finally {
      setSending(false);
      setWaiting(false);
    }
  }

  const close = () => {
    clearTimeout(idle.current);
    transport.current?.end();
    onClose();
  };

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="flex w-full max-w-md flex-col gap-3 rounded-2xl bg-white p-4 text-left shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-lg font-bold text-ink">
          {copy.heading}
        </h2>
        <Button variant="secondary" size="sm" onClick={close}>
          {copy.close}
        </Button>
      </div>
      <p className="text-sm text-slate-700">{copy.intro}</p>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={copy.logLabel}
        className="flex max-h-72 min-h-0 flex-col gap-2 overflow-y-auto text-sm"
      >
        {lines.map((line) => (
          <p
            key={line.id}
            className={cn(
              'rounded-2xl px-3 py-2',
              line.speaker === 'user'
                ? 'ml-8 rounded-br-sm bg-brand-600 text-white'
                : 'mr-8 rounded-bl-sm bg-slate-100 text-ink',
            )}
          >
            <span className="sr-only">{copy.speaker[line.speaker]}: </span>
            {line.text}
          </p>
        ))}
      </div>
      {waiting ? <p className="text-sm text-slate-600">{copy.typing}</p> : null}
      <form onSubmit={onSubmit} className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-input`} className="text-sm font-semibold text-ink">
          {copy.inputLabel}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={`${ids}-input`}
            type="text"
            autoComplete="off"
            enterKeyHint="send"
            maxLength={CHAT_INPUT_MAX}
            placeholder={copy.placeholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={error || ended ? `${ids}-status` : undefined}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500"
          />
          <Button type="submit" aria-disabled={sending || undefined}>
            {copy.send}
          </Button>
        </div>
      </form>
      <p
        id={`${ids}-status`}
        role="status"
        className={cn('text-sm font-medium', error ? 'text-danger' : 'text-slate-700')}
      >
        {error ? ERROR_LINES[error] : ended ? copy.ended : null}
      </p>
      {config.vapi?.auth === 'server' ? (
        <div ref={botCheckBox} className="text-xs text-slate-600 empty:hidden" />
      ) : null}
    </section>
  );
}
