/**
 * Work after the answer. It starts a turn of the event loop later, so its set-up (a connection, a
 * TLS handshake) never goes out before the answer.
 */
export type Background = (work: () => Promise<unknown>) => void;

/** Hosted, EdgeRuntime.waitUntil keeps the worker alive for the work. */
export function backgroundRunner(): Background {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (p: Promise<unknown>) => void } })
    .EdgeRuntime;
  return (work) => {
    const later = new Promise((turn) => setTimeout(turn, 0)).then(work);
    if (runtime?.waitUntil) runtime.waitUntil(later);
  };
}
