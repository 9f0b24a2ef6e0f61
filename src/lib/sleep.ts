/**
 * Waits `ms` milliseconds; resolves at once when `signal` aborts (or has already aborted), so a
 * loop that sleeps between tries stops as soon as its owner lets go. Never rejects.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
