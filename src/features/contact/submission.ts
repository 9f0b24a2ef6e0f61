import { parseLeadContext, type LeadContext, type LeadRow } from '@shared/contracts/lead.ts';
import { LEAD_FIELDS, leadValues, typedValue, type LeadText } from '@shared/lead-fields.ts';
import { cleanText } from '@shared/lead-rules.ts';
import { toPacificIso, toPacificReadable } from '@shared/pacific-time.ts';
import { CALL_TIMEOUT_MS } from './timeouts';
import { sleep } from '@/lib/sleep';

/** What the visitor typed: one string per field of the lead (lead-fields.ts). */
export type ContactValues = LeadText;

/**
 * How storing the lead ended, as supabase-js reports an insert (the browser profile) or as the
 * submit-lead function answers (which also says whether it delivered the lead to the webhook).
 */
export type InsertOutcome =
  | { ok: true; delivered?: boolean }
  | { ok: false; status: number; code: string; message: string; delivered?: boolean };

/**
 * The way past the site's ceiling: when the insert is answered 429 LG003 (too many submissions
 * to the whole site, as in a flood), the same row, same id, goes through the submit-lead
 * function behind the bot check.
 */
export interface BotCheckedInsert {
  /** A fresh bot-check token: waits for the widget; rejects when none comes. */
  token: () => Promise<string>;
  /** Sends the row with the token through submit-lead; resolves with the outcome, never throws. */
  insert: (row: LeadRow, captcha: string, signal: AbortSignal) => Promise<InsertOutcome>;
}

/** The browser profile's webhook, which the page posts itself. */
export interface PageWebhook {
  fetch: typeof fetch;
  url: string;
  /**
   * `json` (default): a JSON POST, preflighted by the browser, its answer read. `simple`: the
   * same JSON as text/plain with no-cors (no preflight); the answer cannot be read, so only a
   * network failure counts as a failure.
   */
  mode?: 'json' | 'simple';
}

export interface SubmissionClients {
  /**
   * Stores one lead (the submit-lead function, or an insert into contact_submissions); resolves
   * with the outcome, never throws.
   */
  insert: (row: LeadRow, signal: AbortSignal) => Promise<InsertOutcome>;
  /** When set, a submission the site's ceiling turns away goes this way instead. */
  botChecked?: BotCheckedInsert;
  /**
   * The browser profile: the page posts the webhook itself, unless the function already
   * delivered the lead. Absent (the default profile): the server step posts it, and a lead it
   * could not pass on is its answer's `webhook_failed`.
   */
  webhook?: PageWebhook;
  now?: () => Date;
  /** Waits between retries (replaced in tests). */
  sleep?: (ms: number) => Promise<void>;
}

export type FailureReason = 'network' | 'timeout' | 'http';

/** Why a step failed, as a submission's result and each of its tries say it. */
interface Failure {
  reason: FailureReason;
  status?: number;
  detail: string;
}

export type SubmissionResult = { ok: true } | ({ ok: false; step: 'insert' | 'webhook' } & Failure);

/** Waits before the automatic retries of a network error or a 502/503/504. */
export const RETRY_DELAYS_MS = [400, 1200] as const;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
/**
 * Postgres's unique violation on the primary key: this id is stored already, from an earlier
 * try. A unique violation of any other constraint is a refusal like any other.
 */
function isAlreadyStored(outcome: Extract<InsertOutcome, { ok: false }>): boolean {
  return outcome.code === '23505' && outcome.message.includes('contact_submissions_pkey');
}

class TimeoutError extends Error {
  constructor() {
    super(`no answer within ${CALL_TIMEOUT_MS / 1000} s`);
    this.name = 'TimeoutError';
  }
}

type Attempt =
  | { done: true; delivered?: boolean }
  | (Failure & {
      done: false;
      /** The lead is stored, and the server step could not pass it on (502 webhook_failed). */
      webhook?: boolean;
      retry: boolean;
      /** The database's ceiling for the whole site (429 LG003), not this visitor's doing. */
      ceiling?: boolean;
    });

/**
 * Tries a step, and again after each delay while the failure is a network error or a
 * 502/503/504. A timeout is not retried: the visitor has waited long enough, and can press
 * again (the id makes that safe).
 */
async function withRetries(
  attempt: () => Promise<Attempt>,
  wait: (ms: number) => Promise<void>,
): Promise<Attempt> {
  for (let i = 0; ; i += 1) {
    const result = await attempt();
    if (result.done) return result;
    const delay = RETRY_DELAYS_MS[i];
    if (!result.retry || delay === undefined) return result;
    await wait(delay);
  }
}

/**
 * One call of a step, with an abort signal that fires after CALL_TIMEOUT_MS, its answer judged by
 * `judge`. A call that throws is a network error; one that ran out of time is not retried.
 */
async function attemptOnce<T>(
  call: (signal: AbortSignal) => Promise<T>,
  judge: (answer: T) => Attempt,
): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new TimeoutError());
      reject(new TimeoutError());
    }, CALL_TIMEOUT_MS);
  });
  try {
    return judge(await Promise.race([call(controller.signal), timeout]));
  } catch (error) {
    if (error instanceof TimeoutError)
      return { done: false, retry: false, reason: 'timeout', detail: error.message };
    return { done: false, retry: true, reason: 'network', detail: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function insertOnce(insert: SubmissionClients['insert'], row: LeadRow): Promise<Attempt> {
  return attemptOnce(
    (signal) => insert(row, signal),
    (outcome) => {
      if (outcome.ok || isAlreadyStored(outcome))
        return { done: true, delivered: outcome.delivered === true };
      const detail = `${outcome.status} ${outcome.code} ${outcome.message}`.trim();
      // supabase-js reports a dropped connection as status 0 with the fetch error's message.
      if (outcome.status === 0) return { done: false, retry: true, reason: 'network', detail };
      return {
        done: false,
        retry: RETRYABLE_STATUSES.has(outcome.status),
        reason: 'http',
        status: outcome.status,
        detail,
        ...(outcome.status === 429 && outcome.code === 'LG003' ? { ceiling: true } : {}),
        ...(outcome.code === 'webhook_failed' ? { webhook: true } : {}),
      };
    },
  );
}

/** One try through submit-lead: a fresh bot-check token, then the same row and id. */
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
        // A tab closed mid-send still delivers. Browsers cap a keepalive body at 64 KiB; a
        // lead is far smaller (the database's limits), but a larger one still goes, without it.
        keepalive: new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES,
        signal,
      }),
    (response) =>
      // An opaque answer (simple mode) arrived, whatever it says: the request was delivered.
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

/** The most a browser sends with `keepalive` (the Fetch standard's 64 KiB, less headroom). */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * Sends one contact submission: stores the row, and has it posted to the webhook (by the server
 * step, or in the browser profile by the page itself, unless the function already did). Success
 * needs both; the webhook is not called when storing failed. `id` identifies the submission: a
 * retry with the same id never stores a second row (a duplicate-key answer means the row is
 * already there) and never posts a delivered lead again. Never throws; a failure is logged to
 * the console with its cause.
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
    // The site is flooded: this visitor passes the bot check and goes the other way, same id.
    stored = await withRetries(() => botCheckedOnce(botChecked, row), wait);
  }
  if (!stored.done) return fail(stored.webhook ? 'webhook' : 'insert', stored);
  const webhook = clients.webhook;
  if (!webhook || stored.delivered) return { ok: true };

  const posted = await withRetries(
    () => postWebhookOnce(webhook, { ...base, created_at: toPacificReadable(now) }),
    wait,
  );
  if (!posted.done) return fail('webhook', posted);
  return { ok: true };
}

function fail(
  step: 'insert' | 'webhook',
  attempt: Exclude<Attempt, { done: true }>,
): SubmissionResult {
  console.error(
    `Contact form: the ${step === 'insert' ? 'database insert' : 'webhook'} failed (${attempt.reason}): ${attempt.detail}`,
  );
  return {
    ok: false,
    step,
    reason: attempt.reason,
    ...(attempt.status === undefined ? {} : { status: attempt.status }),
    detail: attempt.detail,
  };
}
