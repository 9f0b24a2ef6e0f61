/** Vapi's chat answer comes streamed (server-sent events of deltas) or whole; the chat function passes Vapi's answer on. */
import type { ChatStreamEvent, WebChatAnswer } from '@shared/vapi/types.ts';

export interface ReadAnswer {
  sessionId: string | null;
  text: string;
  /** The whole answer's JSON (the chat function's carries the chat's key), else null. */
  body: unknown;
}

const CONTENT_PATH = /^chat\.output\[\d+\]\.content$/;

function eventOf(line: string): Partial<ChatStreamEvent> | null {
  if (!line.startsWith('data:')) return null;
  const data = line.slice(5).trim();
  if (data === '' || data === '[DONE]') return null;
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' && event !== null ? (event as Partial<ChatStreamEvent>) : null;
  } catch {
    return null;
  }
}

/** Rejects when the body breaks off (the caller's signal, the network). */
export async function readChatAnswer(
  response: Response,
  onDelta: (delta: string) => void,
): Promise<ReadAnswer> {
  let sessionId: string | null = null;
  let text = '';
  const take = (delta: string) => {
    text += delta;
    onDelta(delta);
  };
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const readLine = (line: string) => {
      const event = eventOf(line.replace(/\r$/, ''));
      if (!event) return;
      if (typeof event.sessionId === 'string') sessionId = event.sessionId;
      if (typeof event.delta === 'string' && CONTENT_PATH.test(String(event.path ?? '')))
        take(event.delta);
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(readLine);
    }
    readLine(buffer);
    return { sessionId, text, body: null };
  }
  const body: unknown = await response.json();
  const whole = (body ?? {}) as Partial<WebChatAnswer>;
  if (typeof whole.sessionId === 'string') sessionId = whole.sessionId;
  const replies = (Array.isArray(whole.output) ? whole.output : [])
    .map((item) => item as { role?: unknown; content?: unknown })
    .filter((item) => item.role === 'assistant' && typeof item.content === 'string')
    .map((item) => item.content as string);
  if (replies.length > 0) take(replies.join('\n\n'));
  return { sessionId, text, body };
}
