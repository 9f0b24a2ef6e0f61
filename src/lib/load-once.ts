import { lazy, type ComponentType } from 'react';

/** Calls `listener` each time the network delivers something; returns the unsubscribe. */
export type Progress = (listener: () => void) => () => void;

/**
 * Each of the site's own files (the build's, under /assets/) is a resource timing entry when it has
 * arrived; other traffic (a report's polling, a beacon) is no progress of the code. Without the
 * API no progress is seen, and the deadline counts from the start.
 */
export const networkProgress: Progress = (listener) => {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  let observer: PerformanceObserver;
  try {
    observer = new PerformanceObserver((list) => {
      const own = list
        .getEntries()
        .some((entry) => new URL(entry.name, location.href).pathname.startsWith('/assets/'));
      if (own) listener();
    });
    observer.observe({ type: 'resource' });
  } catch {
    return () => undefined;
  }
  return () => observer.disconnect();
};

/**
 * A failed load is forgotten, so the next call tries again (the visitor may be back online).
 * `idleMs` fails a stalled load, so a button never waits forever: it counts from the last of the
 * site's files the network delivered, not from the call, so a slow network that is still
 * delivering the code is waited for as long as each file comes within `idleMs` of the one before.
 */
export function loadOnce<T>(
  load: () => Promise<T>,
  idleMs?: number,
  progress: Progress = networkProgress,
): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const attempt = idleMs === undefined ? load() : withIdleDeadline(load, idleMs, progress);
      pending = attempt.catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    }
    return pending;
  };
}

function withIdleDeadline<T>(load: () => Promise<T>, ms: number, progress: Progress): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = () => undefined as void;
  const deadline = new Promise<never>((_, reject) => {
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => reject(new Error(`Loading stalled: nothing arrived for ${ms / 1000} s.`)),
        ms,
      );
    };
    arm();
    stop = progress(arm);
  });
  return Promise.race([load(), deadline]).finally(() => {
    clearTimeout(timer);
    stop();
  });
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
