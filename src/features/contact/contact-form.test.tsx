import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installEarlyCapture } from '@/inline/early-capture';
import { requestMessagePrefill } from '@/lib/visit';
import { serveAndHydrate, settle, typeInto } from '@/test/hydrate';
import { ContactForm } from './contact-form';
import type { ContactValues, SubmissionResult } from './submission';
import type { Send } from './use-contact-submission';

const FAILED: SubmissionResult = {
  ok: false,
  step: 'webhook',
  reason: 'http',
  status: 500,
  detail: '500',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Dana Lee');
  await user.type(screen.getByLabelText('Email'), 'dana@example.com');
  await user.type(screen.getByLabelText('Phone'), '555 010 2030');
  await user.type(screen.getByLabelText('Message'), 'Weekend calls go to voicemail.');
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('ContactForm', () => {
  it('has the labelled fields of the spec with the right input types', () => {
    render(<ContactForm send={vi.fn()} />);
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Company (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('catches missing and malformed fields before sending, and focuses the first problem', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<ContactForm send={send} />);
    await user.type(screen.getByLabelText('Name'), 'Dana');
    await user.type(screen.getByLabelText('Email'), 'dana@example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(send).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Please enter an email address like name@example.com.',
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter your phone.');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Please enter your message.',
    );
    expect(screen.getByLabelText('Company (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('shows Sending... on a disabled button while sending, and a second submit sends nothing', async () => {
    const user = userEvent.setup();
    const pending = deferred<SubmissionResult>();
    const send = vi.fn(() => pending.promise);
    render(<ContactForm send={send} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Message'), '{Enter}');
    act(() => {
      screen.getByLabelText('Name').closest('form')?.requestSubmit();
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve({ ok: true }));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('clears the form and shows the success toast only after the submission succeeds', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={vi.fn(async () => ({ ok: true }) as const)} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Success!');
    expect(status).toHaveTextContent("Your message has been sent. We'll be in touch soon.");
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('keeps everything typed and shows the error toast on failure; a retry reuses the id', async () => {
    const user = userEvent.setup();
    const ids: string[] = [];
    const sent: ContactValues[] = [];
    const answers = [FAILED, { ok: true } as const];
    const send = vi.fn(async (id: string, values: ContactValues) => {
      ids.push(id);
      sent.push(values);
      return answers.shift() ?? FAILED;
    });
    render(<ContactForm send={send} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByText(
      'There was a problem sending your message. Please try again.',
    );
    expect(within(screen.getByRole('alert')).getByText('Error')).toBeInTheDocument();
    expect(alert).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Lee');
    expect(screen.getByLabelText('Message')).toHaveValue('Weekend calls go to voicemail.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts a new submission id when the content changes or after a success', async () => {
    const user = userEvent.setup();
    const ids: string[] = [];
    const answers: SubmissionResult[] = [FAILED, FAILED, { ok: true }, { ok: true }];
    render(
      <ContactForm
        send={async (id) => {
          ids.push(id);
          return answers.shift() ?? FAILED;
        }}
      />,
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Error');
    await user.type(screen.getByLabelText('Company (optional)'), 'Lee Roofing');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Error');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[2]);
  });

  it('shows at most one toast: a new one replaces the old, and it can be dismissed', async () => {
    const user = userEvent.setup();
    const answers: SubmissionResult[] = [FAILED, { ok: true }];
    render(<ContactForm send={async () => answers.shift() ?? FAILED} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Error');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it('pretends success and sends nothing when the honeypot is filled', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const { container } = render(<ContactForm send={send} />);
    await fillValid(user);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(honeypot!, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('says the page could not load when the sender cannot be loaded, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={() => Promise.reject(new Error('chunk failed'))} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    expect(screen.getByText(/could not finish loading/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Lee');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('555 010 2030');
    expect(screen.getByLabelText('Message')).toHaveValue('Weekend calls go to voicemail.');
  });

  it('says it is still loading while a press waits for the code, and stops saying so when it came', async () => {
    const user = userEvent.setup();
    const code = deferred<void>();
    const send = vi.fn(async () => {
      await code.promise;
      return { ok: true } as const;
    });
    render(<ContactForm send={send} codeStillLoading={() => code.promise} />);
    const words = screen.getByText('Still loading, your message will be sent.');
    expect(words.closest('[aria-live="polite"]')).not.toBeNull();
    expect(words).toHaveClass('hidden');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(words).not.toHaveClass('hidden');
    await act(async () => code.resolve());
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(words).toHaveClass('hidden');
  });

  it('says nothing of loading when the code is already here', async () => {
    const user = userEvent.setup();
    const sent = deferred<SubmissionResult>();
    render(<ContactForm send={() => sent.promise} codeStillLoading={() => null} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText(/Still loading/)).toHaveClass('hidden');
    await act(async () => sent.resolve({ ok: true }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
  });

  describe('before the app takes over', () => {
    let uninstall = () => undefined as void;
    afterEach(() => {
      uninstall();
      document.body.innerHTML = '';
    });

    it('serves a button that cannot submit natively, and a form that says it is captured', async () => {
      const send = vi.fn();
      const root = await serveAndHydrate(<ContactForm send={send} />, () => {
        // As served: no native submit, whatever the visitor presses.
        expect(screen.getByRole('button', { name: 'Send Message' })).toHaveAttribute(
          'type',
          'button',
        );
        expect(document.querySelector('form')).toHaveAttribute(
          'data-early-submit',
          'contact-submit',
        );
      });
      expect(screen.getByRole('button', { name: 'Send Message' })).toHaveAttribute(
        'type',
        'submit',
      );
      act(() => root.unmount());
    });

    it('adopts what was typed and sends it once for a press made before hydration', async () => {
      uninstall = installEarlyCapture(window);
      const answer = deferred<SubmissionResult>();
      const send = vi.fn(() => answer.promise);
      const root = await serveAndHydrate(<ContactForm send={send} />, () => {
        typeInto(screen.getByLabelText('Name'), 'Dana Lee');
        typeInto(screen.getByLabelText('Email'), 'dana@example.com');
        typeInto(screen.getByLabelText('Phone'), '555 010 2030');
        typeInto(screen.getByLabelText('Message'), 'Typed early.');
        screen.getByRole('button', { name: 'Send Message' }).click();
        screen.getByRole('button', { name: 'Send Message' }).click();
      });
      await settle();
      // Sending what was typed, which stays in the fields until it has gone.
      expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Dana Lee');
      expect(send).toHaveBeenCalledTimes(1);
      expect(send).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({
          name: 'Dana Lee',
          email: 'dana@example.com',
          phone: '555 010 2030',
          company: '',
          message: 'Typed early.',
        } satisfies ContactValues),
        expect.any(Function),
      );
      // The bot check, if the site's ceiling asks for one, goes into the form itself.
      const botCheckPlace = (send.mock.calls[0] as unknown[])[2] as () => HTMLElement | null;
      expect(botCheckPlace()?.closest('form')).not.toBeNull();
      await act(async () => answer.resolve({ ok: true }));
      expect(await screen.findByText('Success!')).toBeInTheDocument();
      expect(send).toHaveBeenCalledTimes(1);
      act(() => root.unmount());
    });
    it('says it is still loading from a press held before hydration until the code has come', async () => {
      uninstall = installEarlyCapture(window);
      const code = deferred<void>();
      const send = vi.fn(async () => {
        await code.promise;
        return { ok: true } as const;
      });
      const root = await serveAndHydrate(
        <ContactForm send={send} codeStillLoading={() => code.promise} />,
        () => {
          typeInto(screen.getByLabelText('Name'), 'Dana Lee');
          typeInto(screen.getByLabelText('Email'), 'dana@example.com');
          typeInto(screen.getByLabelText('Phone'), '555 010 2030');
          typeInto(screen.getByLabelText('Message'), 'Typed early.');
          screen.getByRole('button', { name: 'Send Message' }).click();
        },
      );
      await settle();
      const words = screen.getByText('Still loading, your message will be sent.');
      expect(words).not.toHaveClass('hidden');
      expect(send).toHaveBeenCalledTimes(1);
      await act(async () => code.resolve());
      expect(await screen.findByText('Success!')).toBeInTheDocument();
      expect(words).toHaveClass('hidden');
      act(() => root.unmount());
    });

    it('stops saying it is loading when a press held early finds the form incomplete', async () => {
      uninstall = installEarlyCapture(window);
      const send = vi.fn();
      const root = await serveAndHydrate(
        <ContactForm send={send} codeStillLoading={() => new Promise(() => undefined)} />,
        () => {
          typeInto(screen.getByLabelText('Name'), 'Dana Lee');
          screen.getByRole('button', { name: 'Send Message' }).click();
        },
      );
      await settle();
      await act(async () => new Promise((done) => setTimeout(done, 0)));
      expect(screen.getByLabelText('Email')).toHaveFocus();
      expect(screen.getByText('Still loading, your message will be sent.')).toHaveClass('hidden');
      expect(send).not.toHaveBeenCalled();
      act(() => root.unmount());
    });
  });

  describe('conversion', () => {
    it('offers Book a time after a sent message, prefilled from it with the lead id, when a booking page is set', async () => {
      const user = userEvent.setup();
      const send = vi.fn<Send>(async () => ({ ok: true }));
      render(
        <ContactForm
          send={send}
          booking={{ url: 'https://cal.com/jordan/intro', provider: 'link' }}
        />,
      );
      expect(screen.queryByRole('link', { name: /Book a time/ })).toBeNull();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      const link = await screen.findByRole('link', { name: /^Book a time/ });
      const href = new URL(link.getAttribute('href')!);
      expect(href.origin + href.pathname).toBe('https://cal.com/jordan/intro');
      // What was sent, though the form has been emptied, and the submission's id.
      expect(Object.fromEntries(href.searchParams)).toEqual({
        name: 'Dana Lee',
        email: 'dana@example.com',
        notes: 'Weekend calls go to voicemail.',
        'metadata[lead_id]': send.mock.calls[0]![0],
      });
      expect(screen.getByLabelText('Name')).toHaveValue('');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('offers no booking when none is set, or when the message did not go', async () => {
      const user = userEvent.setup();
      const { unmount } = render(<ContactForm send={async () => ({ ok: true })} booking={null} />);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText('Success!');
      expect(screen.queryByText(/Book a time/)).toBeNull();
      unmount();
      render(
        <ContactForm
          send={async () => FAILED}
          booking={{ url: 'https://cal.com/x', provider: 'cal' }}
        />,
      );
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText('Error');
      expect(screen.queryByText(/Book a time/)).toBeNull();
    });

    it('starts the message when asked after a demo call, only if the box is empty', async () => {
      const user = userEvent.setup();
      render(<ContactForm send={vi.fn()} />);
      act(() => requestMessagePrefill('I tried the voice demo and liked it. '));
      expect(screen.getByLabelText('Message')).toHaveValue('I tried the voice demo and liked it. ');
      await user.clear(screen.getByLabelText('Message'));
      await user.type(screen.getByLabelText('Message'), 'My own words');
      act(() => requestMessagePrefill('I tried the voice demo and liked it. '));
      expect(screen.getByLabelText('Message')).toHaveValue('My own words');
    });
  });
});
