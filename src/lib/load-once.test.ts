import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadOnce', () => {
  it('loads once and gives every caller the same result', async () => {
    const load = vi.fn(async () => 'module');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get(), get()])).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails a load that hangs past the deadline, and tries afresh next time', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce('module');
    const get = loadOnce(load, 10_000);
    const first = get();
    const settled = expect(first).rejects.toThrow('longer than 10 s');
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(await get()).toBe('module');
  });
});
