import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionResult } from './submission';
import { useContactSubmission, type Send } from './use-contact-submission';

const VALUES = {
  name: 'Dana Lee',
  email: 'dana@example.com',
  phone: '(555) 010-2030',
  company: '',
  message: 'Call me back.',
};

function setup(send: Send) {
  return renderHook(() => useContactSubmission(send));
}

describe('useContactSubmission', () => {
  it('goes idle, submitting, succeeded', async () => {
    let finish: (result: SubmissionResult) => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise((resolve) => (finish = resolve)));
    const { result } = setup(send);
    expect(result.current.state).toEqual({ status: 'idle' });
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.submit(VALUES);
    });
    expect(result.current.state).toEqual({ status: 'submitting' });
    await act(async () => {
      finish({ ok: true });
      await pending;
    });
    // With the lead's id (the one sent) and what was sent: Book a time prefills from them.
    expect(result.current.state).toEqual({
      status: 'succeeded',
      id: send.mock.calls[0]![0],
      values: VALUES,
    });
  });

  it('names the step that failed: insert or webhook, as the sender reports it', async () => {
    const send = vi.fn<Send>(async () => ({
      ok: false,
      step: 'webhook',
      reason: 'http',
      status: 500,
      detail: '500 Internal Server Error',
    }));
    const { result } = setup(send);
    await act(() => result.current.submit(VALUES));
    expect(result.current.state).toEqual({
      status: 'failed',
      step: 'webhook',
      reason: 'http',
      detail: '500 Internal Server Error',
    });
  });

  it("names 'load' when the sender's code could not be loaded (nothing was sent)", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.fn<Send>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const { result } = setup(send);
    await act(() => result.current.submit(VALUES));
    expect(result.current.state).toMatchObject({ status: 'failed', step: 'load' });
    expect(consoleError).toHaveBeenCalledWith(
      'Contact form: the sender could not be loaded',
      expect.any(TypeError),
    );
    consoleError.mockRestore();
  });

  it('ignores a second submit while one is on its way', async () => {
    let finish: (result: SubmissionResult) => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise((resolve) => (finish = resolve)));
    const { result } = setup(send);
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.submit(VALUES);
      second = result.current.submit(VALUES);
    });
    expect(await second).toBeNull();
    await act(async () => {
      finish({ ok: true });
      await first;
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the id for a retry of the same content, and takes a new one after a change or a success', async () => {
    const outcomes: SubmissionResult[] = [
      { ok: false, step: 'insert', reason: 'network', detail: 'offline' },
      { ok: false, step: 'insert', reason: 'network', detail: 'offline' },
      { ok: true },
      { ok: true },
    ];
    const send = vi.fn<Send>(async () => outcomes.shift()!);
    const { result } = setup(send);
    await act(() => result.current.submit(VALUES));
    await act(() => result.current.submit(VALUES));
    await act(() => result.current.submit({ ...VALUES, message: 'Changed.' }));
    await act(() => result.current.submit({ ...VALUES, message: 'Changed.' }));
    const ids = send.mock.calls.map(([id]) => id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
    expect(ids[3]).not.toBe(ids[2]);
  });
});
