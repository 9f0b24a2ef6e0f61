import type { VapiCall } from './types.ts';

/** Vapi's API, unless VAPI_API_URL points elsewhere (the local stack's stand-in). */
export const VAPI_API_URL = 'https://api.vapi.ai';
/** The header Vapi's server messages carry the assistant's secret in; vapi-events checks it. */
export const VAPI_SECRET_HEADER = 'x-vapi-secret';
/** Vapi refuses an assistant's longer name. */
export const ASSISTANT_NAME_MAX = 40;

export interface VapiSettings {
  apiUrl: string;
  privateKey: string;
  assistantId: string;
  /** Bounds what one call may cost. */
  maxCallSeconds: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** `status` null: no answer came, so, as after a 5xx, Vapi may have created what was asked. */
export type VapiAnswer<T> =
  { ok: true; body: T } | { ok: false; status: number | null; error: string };

export type VapiReach = Pick<VapiSettings, 'apiUrl' | 'privateKey' | 'timeoutMs' | 'fetch'>;

/** A GET sends no body; a POST or PATCH sends `body` as JSON. */
export async function requestVapi<T>(
  settings: VapiReach,
  ...[method, path, body]: ['GET', string] | ['POST' | 'PATCH', string, unknown]
): Promise<VapiAnswer<T>> {
  try {
    const response = await settings.fetch(`${settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.privateKey}`,
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      return {
        ok: false,
        status: response.status,
        error: `Vapi ${response.status}: ${text.slice(0, 300)}`,
      };
    }
    return { ok: true, body: JSON.parse(text) as T };
  } catch (error) {
    return {
      ok: false,
      status: null,
      error:
        error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name)
          ? 'Vapi did not answer in time'
          : `Vapi unreachable: ${String(error)}`,
    };
  }
}

export async function createOnVapi<T extends Partial<VapiCall>>(
  settings: VapiSettings,
  path: string,
  body: unknown,
): Promise<VapiAnswer<T>> {
  const answer = await requestVapi<T>(settings, 'POST', path, body);
  // Created, perhaps, but not said: as good as no answer.
  if (answer.ok && typeof answer.body?.id !== 'string') {
    return { ok: false, status: null, error: 'Vapi answered no call id' };
  }
  return answer;
}

/** Only a 4xx but 408 and 429: a 5xx may come from Vapi's edge after its origin created the call. */
export const surelyNotCreated = (answer: { status: number | null }): boolean =>
  answer.status !== null &&
  answer.status >= 400 &&
  answer.status < 500 &&
  answer.status !== 408 &&
  answer.status !== 429;
