import { useEffect, useRef, useState } from 'react';
import { funnel } from '@/lib/funnel';
import { ChatError, type ChatErrorKind, type ChatTransport } from './chat-client';

/** A chat with no message for this long is ended, so the owner gets its report. */
export const CHAT_IDLE_MS = 5 * 60_000;

/** A way to the agent for one mount of the panel, and what lets go of it. */
export interface ChatConnection {
  transport: ChatTransport;
  dispose: () => void;
}

/** One line of the transcript. */
export interface ChatLine {
  id: number;
  speaker: 'user' | 'assistant';
  text: string;
}

/**
 * The chat, apart from what it looks like: one connection per mount (made by `connect`, its
 * bot check's widget in `botCheckBox`), one message in flight at a time, the reply shown as it
 * arrives, a message that gets no answer put back in the box, and the chat ended by leaving
 * the page, by `end` or after CHAT_IDLE_MS without a message.
 */
export function useChatSession(connect: (botCheckBox: () => HTMLElement | null) => ChatConnection) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  /** Sent, and no word of the reply yet. */
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<ChatErrorKind | null>(null);
  const [ended, setEnded] = useState(false);
  const transport = useRef<ChatTransport | null>(null);
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

  const armIdle = () => {
    clearTimeout(idle.current);
    idle.current = setTimeout(() => {
      transport.current?.end();
      chatKey.current = crypto.randomUUID();
      setEnded(true);
    }, CHAT_IDLE_MS);
  };

  /** Sends what is in the box (nothing when it is empty or a reply is still coming). */
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

  /** Ends the chat now (the panel is closing). */
  const end = () => {
    clearTimeout(idle.current);
    transport.current?.end();
  };

  return { lines, draft, setDraft, sending, waiting, error, ended, botCheckBox, submit, end };
}
