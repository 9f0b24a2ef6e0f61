import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { quietConsoleError } from '@/test/quiet-console';
import { ChatError, type ChatTransport } from './chat-client';
import { ChatPanel } from './chat-panel';
import { CHAT_IDLE_MS } from './use-chat-session';

/** A way to the agent the test answers by hand. */
function fakeTransport() {
  const pending: {
    input: string;
    onDelta: (delta: string) => void;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const transport: ChatTransport & { ends: number } = {
    ends: 0,
    send: (input, onDelta) =>
      new Promise<void>((resolve, reject) => pending.push({ input, onDelta, resolve, reject })),
    end: () => {
      transport.ends += 1;
    },
  };
  return { transport, pending };
}

/** The panel on a fake way to the agent (`pending` holds what it was sent). */
function renderChat(onClose: () => void = () => undefined) {
  const { transport, pending } = fakeTransport();
  const view = render(
    <ChatPanel onClose={onClose} connect={() => ({ transport, dispose: () => undefined })} />,
  );
  return { ...view, transport, pending };
}

quietConsoleError();

describe('ChatPanel', () => {
  it('shows the message, then the reply as it arrives, in a polite log', async () => {
    const user = userEvent.setup();
    const { pending } = renderChat();
    const log = screen.getByRole('log', { name: 'Chat with the agent' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const box = screen.getByLabelText('Your message');
    expect(box).toHaveFocus();
    await user.type(box, 'Do you work weekends?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(pending[0]!.input).toBe('Do you work weekends?');
    expect(log).toHaveTextContent('You: Do you work weekends?');
    expect(box).toHaveValue('');
    expect(screen.getByText('The agent is typing…')).toBeVisible();
    act(() => pending[0]!.onDelta('Yes, '));
    expect(log).toHaveTextContent('Agent: Yes,');
    expect(screen.queryByText('The agent is typing…')).toBeNull();
    act(() => pending[0]!.onDelta('every day.'));
    await act(async () => pending[0]!.resolve());
    expect(log).toHaveTextContent('Agent: Yes, every day.');
  });

  it.each([
    ['unavailable', 'The chat is not available right now.'],
    ['limited', 'Too many messages right now.'],
    ['spent', "Today's chats with the agent are used up."],
    ['failed', "The agent didn't answer. Your message is still in the box"],
    ['restarted', "This chat can't go on from here, so your next message starts a new one."],
  ] as const)('a %s failure keeps the typed text in the box and says so', async (kind, line) => {
    const user = userEvent.setup();
    const { pending } = renderChat();
    await user.type(screen.getByLabelText('Your message'), 'Price for a new roof?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => pending[0]!.reject(new ChatError(kind, 'test')));
    expect(screen.getByLabelText('Your message')).toHaveValue('Price for a new roof?');
    expect(screen.getByRole('log')).not.toHaveTextContent('Price for a new roof?');
    expect(screen.getByRole('status')).toHaveTextContent(line);
    expect(screen.getByLabelText('Your message')).toHaveAccessibleDescription(
      expect.stringContaining(line),
    );
  });

  it('ends the chat when closed, when the page is left and after a while with no message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onClose = vi.fn();
    const { transport, pending, unmount } = renderChat(onClose);
    await user.type(screen.getByLabelText('Your message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    act(() => pending[0]!.onDelta('Hello!'));
    await act(async () => pending[0]!.resolve());
    expect(transport.ends).toBe(0);
    act(() => vi.advanceTimersByTime(CHAT_IDLE_MS));
    expect(transport.ends).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('This chat has ended.');
    window.dispatchEvent(new Event('pagehide'));
    expect(transport.ends).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(transport.ends).toBe(3);
    unmount();
    expect(transport.ends).toBe(4);
  });

  it('a Send with an empty box or while a reply is coming sends nothing', async () => {
    const user = userEvent.setup();
    const { pending } = renderChat();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(pending).toHaveLength(0);
    await user.type(screen.getByLabelText('Your message'), 'One{Enter}');
    await user.type(screen.getByLabelText('Your message'), 'Two{Enter}');
    expect(pending).toHaveLength(1);
    expect(screen.getByLabelText('Your message')).toHaveValue('Two');
  });

  it('a remount (StrictMode in development) makes a fresh connection and lets go of the old one', async () => {
    const user = userEvent.setup();
    const made: { transport: ReturnType<typeof fakeTransport>; disposed: boolean }[] = [];
    render(
      <StrictMode>
        <ChatPanel
          onClose={() => undefined}
          connect={() => {
            const entry = { transport: fakeTransport(), disposed: false };
            made.push(entry);
            return {
              transport: entry.transport.transport,
              dispose: () => {
                entry.disposed = true;
              },
            };
          }}
        />
      </StrictMode>,
    );
    expect(made.length).toBeGreaterThanOrEqual(1);
    const live = made.at(-1)!;
    expect(live.disposed).toBe(false);
    expect(made.slice(0, -1).every((entry) => entry.disposed)).toBe(true);
    await user.type(screen.getByLabelText('Your message'), 'Hi{Enter}');
    // The message goes through the live connection, never a disposed one.
    expect(live.transport.pending).toHaveLength(1);
    expect(made.slice(0, -1).every((entry) => entry.transport.pending.length === 0)).toBe(true);
  });
});
