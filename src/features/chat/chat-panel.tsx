import { useEffect, useId, useRef, type FormEvent } from 'react';
import { CHAT, CHAT_INPUT_MAX } from '@shared/contracts/chat.ts';
import { PanelHeader } from '@/components/intent-panel';
import { Button } from '@/components/ui/button';
import { chat as copy } from '@/content/chat';
import { createBotCheck } from '@/lib/bot-check';
import { cn } from '@/lib/cn';
import { config, siteFunctions } from '@/lib/config';
import { createPublicKeyChat, createServerChat } from './chat-client';
import { useChatSession, type ChatConnection } from './use-chat-session';

function transportForThisSite(botCheckBox: () => HTMLElement | null): ChatConnection {
  const vapi = config.vapi!;
  if (vapi.auth === 'server') {
    const botCheck = createBotCheck(config.turnstile!, botCheckBox, CHAT.action!);
    botCheck
      .prepare()
      .catch((error: unknown) => console.error('Chat: the bot check did not load', error));
    return {
      transport: createServerChat({ client: siteFunctions, botCheck }),
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
  connect?: (botCheckBox: () => HTMLElement | null) => ChatConnection;
}

/** The log is a polite live region; a message that gets no answer goes back into the box with a line that says why. */
export function ChatPanel({ onClose, connect = transportForThisSite }: ChatPanelProps) {
  const ids = useId();
  const { lines, draft, setDraft, sending, waiting, error, ended, botCheckBox, submit, end } =
    useChatSession(connect);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);

  // Once the session's effect made the connection, the box takes the focus.
  useEffect(() => {
    input.current?.focus();
  }, []);

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  const close = () => {
    end();
    onClose();
  };

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="flex w-full max-w-md flex-col gap-3 rounded-2xl bg-white p-4 text-left shadow-sm"
    >
      <PanelHeader id={`${ids}-heading`} heading={copy.heading} align="center">
        <Button variant="secondary" size="sm" onClick={close}>
          {copy.close}
        </Button>
      </PanelHeader>
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
        {error ? copy.errors[error] : ended ? copy.ended : null}
      </p>
      {config.vapi?.auth === 'server' ? (
        <div ref={botCheckBox} className="text-xs text-slate-600 empty:hidden" />
      ) : null}
    </section>
  );
}
