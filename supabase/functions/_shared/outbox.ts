import { budgetSpentWebhook, type BudgetAlert } from './contracts/budget.ts';
import { callReportWebhook, type StoredCallReport } from './contracts/call-report.ts';
import { leadWebhookPayload } from './contracts/lead.ts';
import type { CallDatabase } from './database.ts';
import { postWebhook, type WebhookSettings } from './webhook.ts';

/**
 * The outbox of the owner's webhook (private.webhook_deliveries, through public.lead_delivery):
 * each lead the server step stores, each stored call or chat report and each budget's first
 * refusal of a day has a delivery, written by the database in the transaction that stores it.
 * The function that stored it posts it at once (its press, pressDelivery), and deliver-webhooks
 * whatever is due, until the webhook answers 2xx or the attempts run out (the schedule is the
 * database's). Every attempt carries the delivery's id as its webhook-id, so the owner's
 * automation can drop a repeat.
 */

interface Claim {
  state: 'claimed';
  id: string;
  /** Given back with the outcome, so an attempt whose claim lapsed cannot undo another's. */
  claim: string;
  /** The schedule's attempts so far, this one included when the worker's; a press is none. */
  attempt: number;
}

/** A claimed delivery: its claim and exactly one subject, as the database holds it. */
export type ClaimedDelivery = Claim &
  (
    | { lead: Record<string, unknown> }
    /** The demo_calls row, with ringing_after_seconds as call_report_read gives it. */
    | { report: StoredCallReport }
    | { alert: BudgetAlert }
  );

/** What a claim answers when it does not claim. */
type Unclaimed = { state: 'delivered' | 'busy' | 'missing' };

/** Outlasts one attempt's post; a claim left by a killed function lapses after it. */
const DELIVERY_LEASE_SECONDS = 30;

/** What a delivery posts, built from what the database returns: here only. */
function deliveryPayload(delivery: ClaimedDelivery): unknown {
  if ('lead' in delivery) return leadWebhookPayload(delivery.lead);
  if ('report' in delivery) return callReportWebhook(delivery.report);
  if ('alert' in delivery) return budgetSpentWebhook(delivery.alert);
  throw new TypeError(`delivery ${(delivery as Claim).id} has no subject`);
}

/** Posts one claimed delivery and records the outcome: done, or released to wait its turn. */
async function postDelivery(
  delivery: ClaimedDelivery,
  database: CallDatabase,
  webhook: WebhookSettings & { url: string },
): Promise<boolean> {
  const posted = await postWebhook(
    { id: delivery.id, payload: deliveryPayload(delivery) },
    webhook,
  );
  if (!posted) {
    console.error(
      `delivery ${delivery.id}: the webhook refused or did not answer (${delivery.attempt ? `attempt ${delivery.attempt}` : 'a press'})`,
    );
    await database('lead_delivery', {
      id: delivery.id,
      action: 'release',
      claim: delivery.claim,
      error: 'the webhook refused or did not answer',
    });
    return false;
  }
  // Posted is the answer even if marking fails: the claim lapses, a repost keeps the webhook-id.
  await database('lead_delivery', { id: delivery.id, action: 'done' }).catch((cause: unknown) =>
    console.error(`delivery ${delivery.id} was posted, marking it failed:`, cause),
  );
  return true;
}

/**
 * The press of the function that stored the delivery's subject: claims it and posts it at once.
 * `posted` or `failed` (released, to wait its turn of the schedule), or why it was not claimed:
 * `delivered` before, `busy` (another request holds it), `missing` (no such delivery).
 */
export async function pressDelivery(
  id: string,
  database: CallDatabase,
  webhook: WebhookSettings & { url: string },
): Promise<'posted' | 'failed' | Unclaimed['state']> {
  const delivery = (await database('lead_delivery', {
    id,
    action: 'claim',
    lease_seconds: DELIVERY_LEASE_SECONDS,
  })) as ClaimedDelivery | Unclaimed;
  if (delivery.state !== 'claimed') return delivery.state;
  return (await postDelivery(delivery, database, webhook)) ? 'posted' : 'failed';
}

/** Two tries, both within the lease. */
const PRESS_AFTER_ANSWER = { tries: 2, timeoutMs: 5_000 };

/**
 * The press of a delivery stored before the function answered, made after the answer (in its
 * background work): posted, or left to deliver-webhooks' schedule. Never rejects: what went
 * wrong is logged, led by `label`.
 */
export async function pressAfterAnswer(
  id: string,
  database: CallDatabase,
  webhook: WebhookSettings & { url: string },
  label: string,
): Promise<void> {
  try {
    const pressed = await pressDelivery(id, database, { ...webhook, ...PRESS_AFTER_ANSWER });
    if (pressed === 'failed')
      console.error(`${label}: the webhook did not take ${id}; the outbox retries it`);
    else if (pressed === 'missing') console.warn(`${label}: ${id} has no delivery`);
  } catch (error) {
    console.error(`${label}: ${id} was not posted (the outbox retries it):`, error);
  }
}

/** One try per attempt, within the lease: the outbox's schedule is the retry. */
const WORKER_POST = { tries: 1, timeoutMs: 10_000 };
/** Deliveries a run takes, posted at once. */
const WORKER_BATCH = 20;

/** Takes what is due (never what another worker holds) and posts it. */
export async function deliverDue(
  database: CallDatabase,
  webhook: WebhookSettings & { url: string },
): Promise<{ taken: number; delivered: number }> {
  const answer = (await database('lead_delivery', {
    action: 'due',
    limit: WORKER_BATCH,
    lease_seconds: DELIVERY_LEASE_SECONDS,
  })) as { deliveries?: ClaimedDelivery[] };
  const deliveries = answer.deliveries ?? [];
  const outcomes = await Promise.all(
    deliveries.map((delivery) =>
      postDelivery(delivery, database, { ...webhook, ...WORKER_POST }).catch((cause: unknown) => {
        console.error(`delivery ${delivery.id}: recording the attempt failed:`, cause);
        return false;
      }),
    ),
  );
  return { taken: deliveries.length, delivered: outcomes.filter(Boolean).length };
}
