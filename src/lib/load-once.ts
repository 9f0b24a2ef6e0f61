import { lazy, type ComponentType } from 'react';

/**
 * A failed load is forgotten, so the next call tries again (the visitor may be back online).
 * `timeoutMs` fails a stalled load, so a button never waits forever.
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

/** A failed fetch shows `fallback` instead of reaching React, which with no error boundary would blank the page. */
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
