import { isTimeout } from '../http.ts';
import type { VapiCall } from './types.ts';

/** How a function reaches Vapi's API: its URL, the private key (never in a page), a deadline. */
export interface VapiSettings {
  apiUrl: string;
  privateKey: string;
  assistantId: string;
  /** Every call's maxDurationSeconds: what one call may cost at most. */
  maxCallSeconds: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * What Vapi answered: its JSON, or why there is none. `status` is Vapi's HTTP status, null when
 * no answer came (a timeout or a dropped connection): then, as after a 5xx, Vapi may have
 * created what was asked, and each caller says what that means for it.
 */
export type VapiAnswer<T> =
  { ok: true; body: T } | { ok: false; status: number | null; error: string };

/** What reaching Vapi needs: its URL, the private key, the deadline and fetch. */
export type VapiReach = Pick<VapiSettings, 'apiUrl' | 'privateKey' | 'timeoutMs' | 'fetch'>;

/** Sends `body` to Vapi's `path` with the private key, within the deadline. */
export async function requestVapi<T>(
  settings: VapiReach,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<VapiAnswer<T>> {
  try {
    const response = await settings.fetch(`${settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.privateKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
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
      error: isTimeout(error)
        ? 'Vapi did not answer in time'
        : `Vapi unreachable: ${String(error)}`,
    };
  }
}

/** POSTs `body` to Vapi's `path` (`/call`, `/call/web`) with the private key, within the deadline. */
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

/**
 * Whether a failed create surely made no call: only a 4xx other than 408 (timeout) and 429
 * (rate limit) says Vapi refused the request itself; a 5xx may come from Vapi's edge after its
 * origin created the call, and no answer says nothing.
 */
export const surelyNotCreated = (answer: { status: number | null }): boolean =>
  answer.status !== null &&
  answer.status >= 400 &&
  answer.status < 500 &&
  answer.status !== 408 &&
  answer.status !== 429;
