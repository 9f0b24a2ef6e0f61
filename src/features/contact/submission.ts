import { parseLeadContext, type LeadContext, type LeadRow } from '@shared/contracts/lead.ts';
import { LEAD_FIELDS, leadValues, typedValue, type LeadText } from '@shared/lead-fields.ts';
import { cleanText } from '@shared/lead-rules.ts';
import { toPacificIso, toPacificReadable } from '@shared/pacific-time.ts';
import { CALL_TIMEOUT_MS } from './timeouts';
import { sleep } from '@/lib/sleep';

export type ContactValues = LeadText;

export type InsertOutcome =
  | { ok: true; delivered?: boolean }
  | { ok: false; status: number; code: string; message: string; delivered?: boolean };

/** Past the site-wide ceiling (429 LG003), the same row and id go through submit-lead behind the bot check. */
export interface BotCheckedInsert {
  token: () => Promise<string>;
  insert: (row: LeadRow, captcha: string, signal: AbortSignal) => Promise<InsertOutcome>;
}

export interface PageWebhook {
  fetch: typeof fetch;
  url: string;
  /** `simple`: text/plain no-cors, no preflight; the answer is opaque, so only a network failure fails. */
  mode?: 'json' | 'simple';
}

export interface SubmissionClients {
  insert: (row: LeadRow, signal: AbortSignal) => Promise<InsertOutcome>;
  botChecked?: BotCheckedInsert;
  /** The browser profile posts the webhook itself, unless the function already delivered the lead. */
  webhook?: PageWebhook;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export type FailureReason = 'network' | 'timeout' | 'http';

interface Failure {
  reason: FailureReason;
  status?: number;
  detail: string;
}

export type SubmissionResult = { ok: true } | ({ ok: false; step: 'insert' | 'webhook' } & Failure);

const RETRY_DELAYS_MS = [400, 1200] as const;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

type Attempt =
  | { done: true; delivered?: boolean }
  | (Failure & { done: false; retry: boolean; webhook?: boolean; ceiling?: boolean });

/** Retries network errors and 502/503/504; not a timeout: the visitor has waited, and can press again (the id makes that safe). */
async function withRetries(
  attempt: () => Promise<Attempt>,
  wait: (ms: number) => Promise<void>,
): Promise<Attempt> {
  for (let i = 0; ; i += 1) {
    const result = await attempt();
    const delay = RETRY_DELAYS_MS[i];
    if (result.done || !result.retry || delay === undefined) return result;
    await wait(delay);
  }
}

/** The race ends a call that ignores its signal; the signal is aborted only by the timeout. */
async function attemptOnce<T>(
  call: (signal: AbortSignal) => Promise<T>,
  judge: (answer: T) => Attempt,
): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(controller.signal.reason);
    }, CALL_TIMEOUT_MS);
  });
  try {
    return judge(await Promise.race([call(controller.signal), timeout]));
  } catch (error) {
    if (controller.signal.aborted) {
      const detail = `no answer within ${CALL_TIMEOUT_MS / 1000} s`;
      return { done: false, retry: false, reason: 'timeout', detail };
    }
    return { done: false, retry: true, reason: 'network', detail: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function insertOnce(insert: SubmissionClients['insert'], row: LeadRow): Promise<Attempt> {
  return attemptOnce(
    (signal) => insert(row, signal),
    (outcome) => {
      // Postgres's unique violation on the primary key: an earlier try stored this id.
      const stored =
        !outcome.ok &&
        outcome.code === '23505' &&
        outcome.message.includes('contact_submissions_pkey');
      if (outcome.ok || stored) return { done: true, delivered: outcome.delivered === true };
      const detail = `${outcome.status} ${outcome.code} ${outcome.message}`.trim();
      // supabase-js reports a dropped connection as status 0 with the fetch error's message.
      if (outcome.status === 0) return { done: false, retry: true, reason: 'network', detail };
      // webhook_failed: the function stored the lead and tried the post twice itself, and the
      // outbox posts it on its schedule: a repeat here would only spend the lead's presses.
      const webhook = outcome.code === 'webhook_failed';
      return {
        done: false,
        retry: RETRYABLE_STATUSES.has(outcome.status) && !webhook,
        reason: 'http',
        status: outcome.status,
        detail,
        ceiling: outcome.status === 429 && outcome.code === 'LG003',
        webhook,
      };
    },
  );
}

async function botCheckedOnce(botChecked: BotCheckedInsert, row: LeadRow): Promise<Attempt> {
  let captcha: string;
  try {
    captcha = await botChecked.token();
  } catch (error) {
    return { done: false, retry: false, reason: 'network', detail: `bot check: ${String(error)}` };
  }
  return insertOnce((payload, signal) => botChecked.insert(payload, captcha, signal), row);
}

function postWebhookOnce(webhook: PageWebhook, payload: LeadRow): Promise<Attempt> {
  const body = JSON.stringify(payload);
  const simple = webhook.mode === 'simple';
  return attemptOnce(
    (signal) =>
      webhook.fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': simple ? 'text/plain;charset=UTF-8' : 'application/json' },
        ...(simple ? { mode: 'no-cors' as const } : {}),
        body,
        // Keepalive lets a closed tab still deliver, but browsers cap its body at 64 KiB.
        keepalive: new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES,
        signal,
      }),
    (response) =>
      // An opaque answer (simple mode) means the request was delivered.
      response.ok || (simple && response.type === 'opaque')
        ? { done: true }
        : {
            done: false,
            retry: RETRYABLE_STATUSES.has(response.status),
            reason: 'http',
            status: response.status,
            detail: `${response.status} ${response.statusText}`.trim(),
          },
  );
}

/** The Fetch standard's 64 KiB keepalive cap, less headroom. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * Stores the row, then has the webhook posted; success needs both. Retries with the same id never
 * store a second row or post a delivered lead again. Never throws.
 */
export async function submitContact(
  id: string,
  values: ContactValues,
  clients: SubmissionClients,
  context: Partial<LeadContext> = {},
): Promise<SubmissionResult> {
  const now = (clients.now ?? (() => new Date()))();
  const wait = clients.sleep ?? sleep;
  const typed = Object.fromEntries(
    LEAD_FIELDS.map((field) => [field, cleanText(typedValue(values, field))]),
  );
  const base = { id, ...leadValues(typed as LeadText), ...parseLeadContext(context) };

  const row = { ...base, created_at: toPacificIso(now) };
  let stored = await withRetries(() => insertOnce(clients.insert, row), wait);
  const botChecked = clients.botChecked;
  if (!stored.done && stored.ceiling && botChecked) {
    stored = await withRetries(() => botCheckedOnce(botChecked, row), wait);
  }
  if (!stored.done) return fail(stored.webhook ? 'webhook' : 'insert', stored);
  const webhook = clients.webhook;
  if (!webhook || stored.delivered) return { ok: true };

  const posted = await withRetries(
    () => postWebhookOnce(webhook, { ...base, created_at: toPacificReadable(now) }),
    wait,
  );
  return posted.done ? { ok: true } : fail('webhook', posted);
}

function fail(step: 'insert' | 'webhook', { reason, status, detail }: Failure): SubmissionResult {
  console.error(
    `Contact form: the ${step === 'insert' ? 'database insert' : 'webhook'} failed (${reason}): ${detail}`,
  );
  return { ok: false, step, reason, ...(status === undefined ? {} : { status }), detail };
}
