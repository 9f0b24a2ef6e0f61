import type Vapi from '@vapi-ai/web';
import { loadOnce } from '@/lib/load-once';

// Types come from the SDK's own declarations, so a change to its surface fails the typecheck,
// not a call on a visitor's phone.

export type VapiClient = Pick<
  Vapi,
  'on' | 'removeListener' | 'start' | 'reconnect' | 'stop' | 'setMuted' | 'getDailyCallObject'
>;

export type VapiConstructor = new (...args: ConstructorParameters<typeof Vapi>) => VapiClient;

export type AssistantOverrides = NonNullable<Parameters<Vapi['start']>[1]>;

/** @vapi-ai/web is CommonJS: by the bundler's interop `default` is the class or the exports object, so walk down it. */
export function resolveVapiConstructor(module: unknown): VapiConstructor {
  let candidate: unknown = module;
  for (let depth = 0; depth < 3 && typeof candidate !== 'function'; depth += 1) {
    candidate = (candidate as { default?: unknown } | null)?.default;
  }
  if (typeof candidate !== 'function') throw new Error('@vapi-ai/web did not export a constructor');
  return candidate as VapiConstructor;
}

/** daily-js comes with it; a failed load is tried again next time. */
export const loadVapi = loadOnce(() => import('@vapi-ai/web').then(resolveVapiConstructor));
