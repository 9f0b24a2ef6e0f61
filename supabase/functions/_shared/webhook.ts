import { Webhook } from 'npm:standardwebhooks@1.1.1';

/** Signed per Standard Webhooks (https://www.standardwebhooks.com); a URL always has a secret. */
export type WebhookSettings = ({ url: null; secret?: null } | { url: string; secret: string }) & {
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  tries?: number;
  now?: () => Date;
};

const TRIES = 3;
const BACKOFF_MS = [500, 2_000];
const MESSAGE_ID = /^[A-Za-z0-9_:-]{1,255}$/;

/** The spec's bounds for a symmetric key. */
export const SECRET_BYTES = { min: 24, max: 64 } as const;

/** The error never shows the secret's value. */
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
 * Tries again after a network error, a timeout, 429 or 5xx; every try is signed anew at its own
 * time and sends the exact bytes it signed. The id is the receiver's idempotency key, the same on
 * every retry; no `.`, which the spec forbids, as it would blur where the signed parts meet.
 */
export async function postWebhook(
  message: { id: string; payload: unknown },
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
