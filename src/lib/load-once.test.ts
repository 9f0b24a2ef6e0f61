import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnce, networkProgress, type Progress } from './load-once';

/** A stand-in for the network's deliveries: `arrive()` is one more file received. */
function fakeNetwork() {
  const listeners = new Set<() => void>();
  const progress: Progress = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { progress, arrive: () => listeners.forEach((listener) => listener()), listeners };
}

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
    const get = loadOnce(load, 10_000, fakeNetwork().progress);
    const first = get();
    const settled = expect(first).rejects.toThrow('nothing arrived for 10 s');
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(await get()).toBe('module');
  });

  it('waits past the deadline while files keep arriving, and counts it from the last one', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork();
    let resolve = (_: string) => undefined as void;
    const get = loadOnce(
      () => new Promise<string>((done) => (resolve = done)),
      10_000,
      network.progress,
    );
    let outcome: string | undefined;
    get().then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = String(error)),
    );
    // Four files, 8 s apart: 32 s in all, never 10 s without one.
    for (let file = 0; file < 4; file += 1) {
      await vi.advanceTimersByTimeAsync(8_000);
      network.arrive();
    }
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome).toBeUndefined();
    resolve('module');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBe('module');
    // Settled: it no longer listens to the network.
    expect(network.listeners.size).toBe(0);
  });

  it('fails when nothing has arrived for the deadline since the last file', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork();
    const get = loadOnce(() => new Promise<string>(() => undefined), 10_000, network.progress);
    const first = get();
    const settled = expect(first).rejects.toThrow('nothing arrived for 10 s');
    await vi.advanceTimersByTimeAsync(6_000);
    network.arrive();
    await vi.advanceTimersByTimeAsync(9_999);
    let failed = false;
    first.catch(() => (failed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(network.listeners.size).toBe(0);
  });

  it('fails at once when a file fails, however recent the progress', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork();
    const get = loadOnce(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      10_000,
      network.progress,
    );
    await expect(get()).rejects.toThrow('Failed to fetch');
    expect(network.listeners.size).toBe(0);
  });
});

describe('networkProgress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts the site's own files as progress, not other traffic", () => {
    let deliver = (_names: string[]) => undefined as void;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: (list: { getEntries: () => { name: string }[] }) => void) {
          deliver = (names) => callback({ getEntries: () => names.map((name) => ({ name })) });
        }
        observe() {}
        disconnect() {}
      },
    );
    const listener = vi.fn();
    const stop = networkProgress(listener);
    deliver([`${location.origin}/functions/v1/call-report`, 'https://plausible.example/api/event']);
    expect(listener).not.toHaveBeenCalled();
    deliver([`${location.origin}/assets/send-contact-Ab12.js`]);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
