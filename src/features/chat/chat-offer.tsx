import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { chat as copy } from '@/content/chat';
import { config } from '@/lib/config';
import { useEarlyPress } from '@/lib/early-press';
import { loadOnce } from '@/lib/load-once';

/** The chat's code, fetched on intent: hover, focus or press. Nothing of it is in the first load. */
const loadPanel = loadOnce(() => import('./chat-panel'));
const prefetch = () => void loadPanel().catch(() => undefined);

function ChatUnavailable() {
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {copy.errors.failed}
    </p>
  );
}

const ChatPanel = lazy(() =>
  loadPanel()
    .then((module) => ({ default: module.ChatPanel }))
    .catch((error: unknown) => {
      console.error('Chat: its code could not be loaded', error);
      return { default: ChatUnavailable };
    }),
);

export interface ChatOfferProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Type instead" beside the voice button: opens a chat with the same agent. Offered wherever the
 * voice demo is configured; a press before the page has taken over opens it once.
 */
export function ChatOffer({ open, onOpenChange }: ChatOfferProps) {
  const button = useRef<HTMLButtonElement>(null);
  const closedByVisitor = useRef(false);
  const pressProps = useEarlyPress('chat-open', () => onOpenChange(true));

  useEffect(() => {
    // Closing the chat puts the keyboard back on the button that opened it.
    if (!open && closedByVisitor.current) button.current?.focus();
  }, [open]);

  if (!config.vapi) return null;
  if (!open) {
    return (
      <Button
        {...pressProps}
        ref={button}
        variant="secondary"
        aria-expanded={false}
        onClick={() => onOpenChange(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {copy.open}
        <span className="sr-only"> ({copy.openHint})</span>
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-700">
          {copy.opening}
        </p>
      }
    >
      <ChatPanel
        onClose={() => {
          closedByVisitor.current = true;
          onOpenChange(false);
        }}
      />
    </Suspense>
  );
}
