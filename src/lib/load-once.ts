import { lazy, type ComponentType } from 'react';

/**
 * Wraps a dynamic import (or any load) so it runs once and every caller shares the result.
 * A failed load is forgotten, so the next call tries again (the visitor may be back online).
 * With `timeoutMs`, a load that has not settled by then fails, and is tried afresh next time:
 * a stalled chunk request must not leave a button waiting forever.
 */
export function loadOnce<T>(load: () => Promise<T>, timeoutMs?: number): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const attempt = timeoutMs === undefined ? load() : withDeadline(load(), timeoutMs);
      pending = attempt.catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    }
    return pending;
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Loading took longer than ${ms / 1000} s.`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A component whose code `load` fetches on first render (its Suspense shows meanwhile). A failed
 * fetch must not reach React (with no error boundary it would blank the whole page): it is
 * logged with `failure`, and `fallback` shows in its place.
 */
export function lazyOr<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P>,
  failure: string,
): ComponentType<P> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(failure, error);
        return { default: fallback };
      },
    ),
  );
}
