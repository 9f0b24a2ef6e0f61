import { useEffect, useRef } from 'react';
import { chat as copy } from '@/content/chat';
import { cn } from '@/lib/cn';
import type { ChatErrorKind } from './chat-client';
import type { ChatLine } from './use-chat-session';

const ERROR_LINES: Record<ChatErrorKind, string> = copy.errors;

/** The line under the box: why the last message got no answer, that the chat ended, or none. */
export function statusLine(error: ChatErrorKind | null, ended: boolean): string | null {
  return error ? ERROR_LINES[error] : ended ? copy.ended : null;
}

/** The chat's log, a polite live region that keeps its newest line in view. */
export function ChatTranscript({ lines }: { lines: ChatLine[] }) {
  const log = useRef<HTMLDivElement>(null);

  // The newest line in view.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines]);

  return (
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
  );
}
