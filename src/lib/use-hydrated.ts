import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False in the prerendered HTML and during hydration: for controls that must not act before their handlers are attached. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
