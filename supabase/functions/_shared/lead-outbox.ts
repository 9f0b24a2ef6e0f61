import { leadWebhookPayload } from './contracts/lead.ts';
import type { CallDatabase } from './database.ts';
import { postWebhook, type WebhookSettings } from './webhook.ts';

/**
 * The lead outbox (private.webhook_deliveries, through public.lead_delivery): each lead the
 * server step stores has a delivery, posted by the visitor's press at once and by the
 * deliver-webhooks function whenever it is due, until the webhook answers 2xx or the attempts
 * run out (the schedule is the database's). Every attempt carries the delivery's id as its
 * webhook-id, so the owner's automation can drop a repeat.
 */

export interface ClaimedDelivery {
  state: 'claimed';
  id: string;
  /** Given back with the outcome, so an attempt whose claim lapsed cannot undo another's. */
  claim: string;
  attempt: number;
  lead: Record<string, unknown>;
}

/** Outlasts one attempt's post; a claim left by a killed function lapses after it. */
export const DELIVERY_LEASE_SECONDS = 30;

/** Posts one claimed delivery and records the outcome: done, or released to wait its turn. */
export async function postDelivery(
  delivery: ClaimedDelivery,
  database: CallDatabase,
  webhook: WebhookSettings & { url: string },
): Promise<boolean> {
  const posted = await postWebhook(
    { id: delivery.id, payload: leadWebhookPayload(delivery.lead) },
    webhook,
  );
  if (!posted) {
    console.error(
      `lead ${delivery.id}: the webhook refused or did not answer (attempt ${delivery.attempt})`,
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
    console.error(`lead ${delivery.id} was posted, marking it failed:`, cause),
  );
  return true;
}

/** One try per attempt, within the lease: the outbox's schedule is the retry. */
const WORKER_POST = { tries: 1, timeoutMs: 10_000 };
/** Deliveries a run takes, posted at once. */
export const WORKER_BATCH = 20;

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
        console.error(`lead ${delivery.id}: recording the attempt failed:`, cause);
        return false;
      }),
    ),
  );
  return { taken: deliveries.length, delivered: outcomes.filter(Boolean).length };
}
