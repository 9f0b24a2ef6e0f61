import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from '@shared/contracts/callback.ts';
import type { CallbackOutcome } from '@/lib/request-callback';
import { ContactForm } from './contact-form';
import { prepareCallNow, requestCallNow } from './call-now';
import type { SubmissionResult } from './submission';
import type { Send } from './use-contact-submission';

// The call's own code (bot check and request) is tested in call-now.test.ts; here, what the
// form does with it. The stopwatch's reads never answer.
vi.mock('./call-now', () => ({
  prepareCallNow: vi.fn(),
  dropCallNow: vi.fn(),
  requestCallNow: vi.fn(),
}));
vi.mock('./watch-steps', () => ({ watchSteps: vi.fn(() => new Promise(() => undefined)) }));

const TICKET = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'k'.repeat(43) };

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Dana Lee');
  await user.type(screen.getByLabelText('Email'), 'dana@example.com');
  await user.type(screen.getByLabelText('Phone'), '(415) 555-2671');
  await user.type(screen.getByLabelText('Message'), 'Weekend calls go to voicemail.');
}

const sent: Send = vi.fn(async (): Promise<SubmissionResult> => ({ ok: true }));
const box = () => screen.getByRole('checkbox', { name: 'Have the agent call me now' });

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(requestCallNow).mockResolvedValue({ status: 'accepted', report: TICKET });
});
afterEach(() => {
  consoleError.mockRestore();
  vi.clearAllMocks();
});

describe('"Have the agent call me now" on the contact form', () => {
  it('is unticked, with the consent words it gives as its description', () => {
    render(<ContactForm send={sent} />);
    expect(box()).not.toBeChecked();
    expect(box()).toHaveAccessibleDescription(
      expect.stringContaining(CONSENT_VERSIONS[CURRENT_CONSENT_VERSION]),
    );
  });

  it('calls no one when unticked', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={sent} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    expect(requestCallNow).not.toHaveBeenCalled();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('prepares the bot check at the tick, then asks for the call that follows the stored lead, with the press it counts from', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => ({ ok: true }));
    render(<ContactForm send={send} />);
    await fillValid(user);
    await user.click(box());
    await waitFor(() => expect(prepareCallNow).toHaveBeenCalled());
    const before = performance.now();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(requestCallNow).toHaveBeenCalledTimes(1));
    const [leadId, phone, pressedAt] = vi.mocked(requestCallNow).mock.calls[0]!;
    // The call's id is the stored lead's.
    expect(leadId).toBe(send.mock.calls[0]![0]);
    expect(phone).toBe('(415) 555-2671');
    expect(pressedAt).toBeGreaterThanOrEqual(before);
    expect(pressedAt).toBeLessThanOrEqual(performance.now());
    // The stopwatch runs; the message was sent either way.
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    expect(screen.getByText('Success!')).toBeInTheDocument();
  });

  it('asks for no call when the message could not be sent, and stops the stopwatch', async () => {
    const user = userEvent.setup();
    const failed = vi.fn<Send>(async () => ({
      ok: false,
      step: 'insert',
      reason: 'network',
      detail: 'offline',
    }));
    render(<ContactForm send={failed} />);
    await fillValid(user);
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Error');
    expect(requestCallNow).not.toHaveBeenCalled();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it.each<{ outcome: CallbackOutcome; why: string }>([
    { outcome: { status: 'limited' }, why: 'too many calls were asked for just now.' },
    {
      outcome: { status: 'invalid', field: 'phone', reason: 'phone' },
      why: 'that is not a mobile or landline number it can call.',
    },
    {
      outcome: { status: 'invalid', field: 'phone', reason: 'country' },
      why: 'it can only call US and Canadian numbers.',
    },
    {
      outcome: { status: 'failed', detail: '400 lead_not_found' },
      why: 'the call could not be placed just now.',
    },
  ])(
    'keeps the sent message and says why the call was not placed ($outcome.status)',
    async ({ outcome, why }) => {
      vi.mocked(requestCallNow).mockResolvedValue(outcome);
      const user = userEvent.setup();
      render(<ContactForm send={sent} />);
      await fillValid(user);
      await user.click(box());
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      const line = await screen.findByText(
        /Your message is sent, but the agent could not call you/,
      );
      expect(line).toHaveTextContent(why);
      expect(screen.getByText('Success!')).toBeInTheDocument();
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    },
  );
});
