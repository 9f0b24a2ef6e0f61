/**
 * A screen that sleeps mid-call can stop the page's audio and microphone. The browser drops the
 * lock when the tab is hidden, so it is taken again on each return; where it is missing or refused,
 * the call goes on.
 */
export function keepScreenOn(): () => void {
  const api = navigator.wakeLock;
  if (!api) return () => undefined;
  let over = false;
  let lock: WakeLockSentinel | null = null;
  let asking = false;
  const take = () => {
    if (over || asking || document.visibilityState !== 'visible' || (lock && !lock.released))
      return;
    asking = true;
    api
      .request('screen')
      .then((sentinel) => {
        if (over) void sentinel.release().catch(() => undefined);
        else lock = sentinel;
      })
      .catch(() => undefined)
      .finally(() => (asking = false));
  };
  document.addEventListener('visibilitychange', take);
  take();
  return () => {
    over = true;
    document.removeEventListener('visibilitychange', take);
    void lock?.release().catch(() => undefined);
  };
}
