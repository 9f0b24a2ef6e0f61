/**
 * Keeps a phone's screen on during a call: a screen that sleeps mid-call can stop the page's audio
 * and microphone. Uses the Screen Wake Lock API; the browser lets the lock go when the tab is
 * hidden, so it is taken again each time the tab becomes visible, until the call is over.
 * Where the API is missing or refuses (a low battery, an iframe without permission), nothing else
 * changes: the call goes on as before.
 */
export function keepScreenOn(
  nav: Pick<Navigator, 'wakeLock'> | undefined = globalThis.navigator,
  doc: Document = document,
): () => void {
  const api = nav?.wakeLock;
  if (!api || typeof api.request !== 'function') return () => undefined;
  let over = false;
  let lock: WakeLockSentinel | null = null;
  let asking = false;
  const take = () => {
    if (over || asking || doc.visibilityState !== 'visible' || (lock && !lock.released)) return;
    asking = true;
    api
      .request('screen')
      .then((sentinel) => {
        if (over) void sentinel.release().catch(() => undefined);
        else lock = sentinel;
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  };
  doc.addEventListener('visibilitychange', take);
  take();
  return () => {
    if (over) return;
    over = true;
    doc.removeEventListener('visibilitychange', take);
    void lock?.release().catch(() => undefined);
    lock = null;
  };
}
