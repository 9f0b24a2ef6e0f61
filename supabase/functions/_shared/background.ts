// Work after a function's answer, with no dependency (the handlers and their Node tests import it).

/**
 * Runs work that can wait (a record, a webhook post) once the answer the visitor waits for has
 * been handed to the runtime: its requests start a turn of the event loop later, so their set-up
 * (a connection, a TLS handshake) never goes out before the answer. Tests pass their own, to await
 * the work.
 */
export type Background = (work: () => Promise<unknown>) => void;

/** The runtime's Background: hosted, EdgeRuntime.waitUntil keeps the worker for the work. */
export function backgroundRunner(): Background {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (p: Promise<unknown>) => void } })
    .EdgeRuntime;
  return (work) => {
    const later = new Promise((turn) => setTimeout(turn, 0)).then(work);
    if (runtime?.waitUntil) runtime.waitUntil(later);
  };
}
