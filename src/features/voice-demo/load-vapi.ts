import type Vapi from '@vapi-ai/web';
import { loadOnce } from '@/lib/load-once';

// Types come from the SDK's own declarations (the version in the lock), so a change to its
// surface fails the typecheck here rather than a call on a visitor's phone.

/** What the voice demo uses of the @vapi-ai/web client. */
export type VapiClient = Pick<
  Vapi,
  'on' | 'removeListener' | 'start' | 'reconnect' | 'stop' | 'setMuted' | 'getDailyCallObject'
>;

/** The SDK's constructor (public key, API base URL, Daily options). */
export type VapiConstructor = new (...args: ConstructorParameters<typeof Vapi>) => VapiClient;

/** What a call's start request may change of the assistant, for this call only. */
export type AssistantOverrides = NonNullable<Parameters<Vapi['start']>[1]>;

/** The names of the SDK's events. */
export type VapiEventName = Parameters<Vapi['on']>[0];

// A type-only handle: `typeof vapi.on<E>` instantiates the SDK's generic `on` for one event.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used in a type position only
declare const vapi: Vapi;
/** The listener the SDK calls for event `E`, with the arguments it passes. */
export type VapiListener<E extends VapiEventName> = Parameters<typeof vapi.on<E>>[1];

/**
 * @vapi-ai/web is CommonJS (`exports.default = Vapi`). Depending on the bundler's interop the
 * dynamic import's `default` is the class or the whole exports object, and the types cannot
 * tell, so walk down `default` until a constructor turns up.
 */
export function resolveVapiConstructor(module: unknown): VapiConstructor {
  let candidate: unknown = module;
  for (let depth = 0; depth < 3 && typeof candidate !== 'function'; depth += 1) {
    candidate = (candidate as { default?: unknown } | null)?.default;
  }
  if (typeof candidate !== 'function') throw new Error('@vapi-ai/web did not export a constructor');
  return candidate as VapiConstructor;
}

/** Loads the voice SDK (and daily-js with it) once; a failed load is tried again next time. */
export const loadVapi: () => Promise<VapiConstructor> = loadOnce(() =>
  import('@vapi-ai/web').then(resolveVapiConstructor),
);
