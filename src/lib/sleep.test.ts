import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep';

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('resolves after the time, not before', async () => {
    const wait = sleep(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
  });

  it('resolves at once when its signal aborts, and leaves no timer or listener behind', async () => {
    const owner = new AbortController();
    const remove = vi.spyOn(owner.signal, 'removeEventListener');
    const wait = sleep(60_000, owner.signal);
    expect(vi.getTimerCount()).toBe(1);
    owner.abort();
    expect(await settled(wait)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('does not wait at all on a signal already aborted', async () => {
    const owner = new AbortController();
    owner.abort();
    expect(await settled(sleep(60_000, owner.signal))).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
