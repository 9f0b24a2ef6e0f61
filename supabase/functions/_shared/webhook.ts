import { fetchWithin } from './http.ts';

export interface WebhookSettings {
  url: string | null;
  fetch: typeof fetch;
  /** Waits between tries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** How many tries (3 unless said: a visitor waiting on the answer gets fewer). */
  tries?: number;
}

const TRIES = 3;
const BACKOFF_MS = [500, 2_000];

/**
 * Posts `payload` to the owner's automation webhook, trying up to three times (a network error, a
 * timeout, 429 or 5xx), and says whether it was delivered. No URL set: nothing to deliver.
 */
export async function postWebhook(payload: unknown, settings: WebhookSettings): Promise<boolean> {
  if (!settings.url) return true;
  const sleep = settings.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; attempt < (settings.tries ?? TRIES); attempt += 1) {
    if (attempt > 0) await sleep(BACKOFF_MS[attempt - 1] ?? 2_000);
    try {
      const response = await fetchWithin(
        settings.fetch,
        settings.url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        },
        settings.timeoutMs ?? 5_000,
      );
      await response.body?.cancel();
      if (response.ok) return true;
      if (response.status !== 429 && response.status < 500) return false;
    } catch {
      // a network error or a timeout: tried again
    }
  }
  return false;
}
