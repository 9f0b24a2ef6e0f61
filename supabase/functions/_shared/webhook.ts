import { Webhook } from 'npm:standardwebhooks@1.1.1';

/**
 * The owner's automation webhook: where the functions post, signed per Standard Webhooks
 * (https://www.standardwebhooks.com: `webhook-id`, `webhook-timestamp`, `webhook-signature`,
 * HMAC-SHA256 with the owner's `whsec_` secret) by the `standardwebhooks` library. No URL: no
 * delivery. A URL always comes with its secret (settings.ts requires it), so nothing is posted
 * unsigned.
 */
export type WebhookSettings = (
  | { url: null; secret?: null }
  | {
      url: string;
      /** CONTACT_WEBHOOK_SECRET: `whsec_` and the key in base64 (webhookSecret checks it). */
      secret: string;
    }
) & {
  fetch: typeof fetch;
  /** Waits between tries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** How many tries (3 unless said: a visitor waiting on the answer gets fewer). */
  tries?: number;
  /** The clock each try is signed at (tests set it). */
  now?: () => Date;
};

/** One delivery: its stable id (the same on every retry of it) and what it carries. */
export interface WebhookMessage {
  /**
   * The delivery's id, the receiver's idempotency key: a lead's or a callback's id,
   * `call_report:<Vapi call id>`. Letters, digits, `_`, `:` and `-` only (the spec forbids a `.`,
   * which would blur where the signed content's parts meet).
   */
  id: string;
  payload: unknown;
}

const TRIES = 3;
const BACKOFF_MS = [500, 2_000];
const MESSAGE_ID = /^[A-Za-z0-9_:-]{1,255}$/;

/** The spec's bounds for a symmetric key: at least 24 bytes, at most 64 (512 bits). */
export const SECRET_BYTES = { min: 24, max: 64 } as const;

/**
 * Checks a CONTACT_WEBHOOK_SECRET: `whsec_` and a base64 key of 24 to 64 bytes, which the
 * library accepts. Throws naming the secret and what is wrong (never its value).
 */
export function webhookSecret(raw: string): string {
  const secret = raw.trim();
  const problem = secretProblem(secret);
  if (problem) {
    throw new Error(
      `CONTACT_WEBHOOK_SECRET must be "whsec_" and a base64 key of ${SECRET_BYTES.min} to ${SECRET_BYTES.max} bytes (${problem}); make one with: echo "whsec_$(openssl rand -base64 32)"`,
    );
  }
  return secret;
}

function secretProblem(secret: string): string | null {
  if (!secret.startsWith('whsec_')) return 'it does not start with whsec_';
  const base64 = secret.slice('whsec_'.length);
  try {
    new Webhook(secret);
  } catch {
    return 'what follows whsec_ is not base64';
  }
  const bytes = atob(base64).length;
  if (bytes < SECRET_BYTES.min || bytes > SECRET_BYTES.max) return `its key is ${bytes} bytes`;
  return null;
}

/**
 * Posts `message.payload` to the owner's automation webhook, signed, trying up to three times (a
 * network error, a timeout, 429 or 5xx), and says whether it was delivered. Every try carries
 * the message's id, is signed anew at its own time, and sends the exact bytes it signed. No URL
 * set: nothing to deliver.
 */
export async function postWebhook(
  message: WebhookMessage,
  settings: WebhookSettings,
): Promise<boolean> {
  if (!settings.url) return true;
  if (!MESSAGE_ID.test(message.id)) {
    throw new TypeError(`A webhook message id is letters, digits, _ : - (got "${message.id}")`);
  }
  const signer = new Webhook(settings.secret);
  const body = JSON.stringify(message.payload);
  const now = settings.now ?? (() => new Date());
  const sleep = settings.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; attempt < (settings.tries ?? TRIES); attempt += 1) {
    if (attempt > 0) await sleep(BACKOFF_MS[attempt - 1] ?? 2_000);
    const at = now();
    try {
      const response = await settings.fetch(settings.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(message.id, at, body),
        },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
      });
      await response.body?.cancel();
      if (response.ok) return true;
      if (response.status !== 429 && response.status < 500) return false;
    } catch {
      // a network error or a timeout: tried again
    }
  }
  return false;
}
