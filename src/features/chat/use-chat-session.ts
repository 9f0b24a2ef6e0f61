import { useEffect, useRef, useState } from 'react';
import { funnel } from '@/lib/funnel';
import { ChatError, type ChatErrorKind, type ChatTransport } from './chat-client';

/** A chat with no message for this long is ended, so the owner gets its report. */
export const CHAT_IDLE_MS = 5 * 60_000;

export interface ChatConnection {
  transport: ChatTransport;
  dispose: () => void;
}

export interface ChatLine {
  id: number;
  speaker: 'user' | 'assistant';
  text: string;
}

/** One message in flight at a time; an unanswered message goes back in the box; the chat ends on leaving, `end` or idleness. */
export function useChatSession(connect: (botCheckBox: () => HTMLElement | null) => ChatConnection) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ChatErrorKind | null>(null);
  const [ended, setEnded] = useState(false);
  const transport = useRef<ChatTransport | null>(null);
  const botCheckBox = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A chat ended by idleness and taken up again is a new one for the funnel. */
  const chatKey = useRef(crypto.randomUUID());

  useEffect(() => {
    // What a cleanup let go of is never used again: a StrictMode remount makes its own bot check.
    const connection = connect(() => botCheckBox.current);
    transport.current = connection.transport;
    // The end request outlives the page.
    const leave = () => transport.current?.end();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      clearTimeout(idle.current);
      connection.transport.end();
      connection.dispose();
      if (transport.current === connection.transport) transport.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const armIdle = () => {
    clearTimeout(idle.current);
    idle.current = setTimeout(() => {
      transport.current?.end();
      chatKey.current = crypto.randomUUID();
      setEnded(true);
    }, CHAT_IDLE_MS);
  };

  async function submit() {
    const text = draft.trim();
    if (text === '' || sending || !transport.current) return;
    clearTimeout(idle.current);
    setError(null);
    setEnded(false);
    const asked: ChatLine = { id: nextId.current++, speaker: 'user', text };
    const replyId = nextId.current++;
    let reply = '';
    setLines((current) => [...current, asked]);
    setDraft('');
    setSending(true);
    try {
      await transport.current.send(text, (delta) => {
        reply += delta;
        const shown = reply;
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
      // The message goes back into the box, unless a new one is being typed.
      setLines((current) => current.filter((line) => line.id !== asked.id && line.id !== replyId));
      setDraft((current) => (current === '' ? text : current));
      const kind = failure instanceof ChatError ? failure.kind : 'failed';
      if (kind === 'restarted') chatKey.current = crypto.randomUUID();
      setError(kind);
    } finally {
      setSending(false);
    }
  }

  const end = () => {
    clearTimeout(idle.current);
    transport.current?.end();
  };

  // Until the answer's first words arrive.
  const waiting = sending && lines.at(-1)?.speaker === 'user';
  return { lines, draft, setDraft, sending, waiting, error, ended, botCheckBox, submit, end };
}
