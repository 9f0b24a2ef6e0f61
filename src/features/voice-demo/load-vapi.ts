import { loadOnce } from '@/lib/load-once';

/** What the voice demo uses of the @vapi-ai/web client. */
export interface VapiClient {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  start(assistantId: string, assistantOverrides?: AssistantOverrides): Promise<unknown>;
  stop(): Promise<void>;
  setMuted(mute: boolean): void;
}

/** What a call's start request may change of the assistant, for this call only. */
export interface AssistantOverrides {
  /** The call ends after this many seconds (Vapi's own cap is set in its dashboard too). */
  maxDurationSeconds?: number;
  /** Values for the `{{name}}` placeholders in the assistant's prompt. */
  variableValues?: Record<string, string | number>;
}

export type VapiConstructor = new (
  publicKey: string,
  apiBaseUrl?: string,
  dailyConfig?: { avoidEval?: boolean },
) => VapiClient;

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
