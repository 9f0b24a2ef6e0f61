import {
  leadWebhookPayload,
  SUBMIT_LEAD,
  SUBMIT_LEAD_REFUSALS,
  type SubmitLeadAnswer,
} from '../_shared/contracts/lead.ts';
import { refusalsOf, type Refusal } from '../_shared/contracts/refusal.ts';
import { openEndpoint, type PageSettings } from '../_shared/endpoint.ts';
import { postWebhook, type WebhookSettings } from '../_shared/webhook.ts';

/**
 * submit-lead: where the page sends a lead. The default profile sends every lead here first,
 * without a bot check: in the database (public.lead_submit) it meets the data API's limits (per
 * address, and the site's ceiling, 429 LG003). Turned away by the ceiling, the page runs the bot
 * check and sends the same lead again with its token: then the function's own ceiling (LG004).
 * The content rules are the form's and the database's (lead-rules.ts). A stored lead is posted
 * to the owner's automation webhook (CONTACT_WEBHOOK_URL, signed), once: its delivery is claimed
 * in the database, so a retry or two requests at once never post it twice, and a retry after a
 * failed post posts it then. Answers like the data API: 201, 409 with code 23505 for an id stored
 * already, 400, 429 with Retry-After; both 201 and 409 say whether the lead was delivered. The
 * wire contract: ../_shared/contracts/lead.ts.
 */

export interface SubmitLeadSettings extends PageSettings {
  webhook: WebhookSettings;
}

type Outcome =
  | { outcome: 'stored' }
  | { outcome: 'exists'; message: string }
  | { outcome: 'invalid'; code: string; message: string }
  | {
      outcome: 'refused';
      status: number;
      headers: Record<string, string>;
      body: Record<string, unknown>;
    };

type Delivery =
  | { state: 'claimed'; claim: string; lead: Record<string, unknown> }
  | { state: 'delivered' | 'busy' | 'missing' };

/**
 * How long a delivery holds its lead: the post's tries (2, of at most 3 s each, 0.5 s apart) with
 * room to spare. A claim left by a function that was killed mid-post lapses after it.
 */
export const DELIVERY_LEASE_SECONDS = 30;
/** The webhook's tries while the visitor waits: within the page's own 10 s. */
const DELIVERY = { tries: 2, timeoutMs: 3_000 };

const refusal = refusalsOf(SUBMIT_LEAD_REFUSALS);

export function createHandler(
  settings: SubmitLeadSettings,
): (request: Request) => Promise<Response> {
  const opening = {
    ...SUBMIT_LEAD,
    origins: settings.origins,
    botCheck: settings.turnstile,
    botCheckWhen: (submission: { botChecked: boolean }) => submission.botChecked,
  };

  /** Posts a stored lead once: true when it is delivered (now or before), else the refusal. */
  async function deliver(id: string): Promise<{ delivered: boolean } | { refusal: Refusal }> {
    if (!settings.webhook.url) return { delivered: false };
    const delivery = (await settings.database('lead_delivery', {
      id,
      action: 'claim',
      lease_seconds: DELIVERY_LEASE_SECONDS,
    })) as Delivery;
    if (delivery.state === 'delivered') return { delivered: true };
    if (delivery.state !== 'claimed')
      return { refusal: refusal('webhook_busy', { headers: { 'Retry-After': '2' } }) };
    // The lead's id is the delivery's: every try and retry carries it (webhook-id).
    const posted = await postWebhook(
      { id, payload: leadWebhookPayload(delivery.lead) },
      { ...settings.webhook, ...DELIVERY },
    );
    if (!posted) {
      console.error(`submit-lead: the webhook refused or did not answer (lead ${id})`);
      await settings.database('lead_delivery', { id, action: 'release', claim: delivery.claim });
      return { refusal: refusal('webhook_failed') };
    }
    // The post happened: that is the visitor's answer, even if marking it fails (the claim then
    // lapses, and a later press may post it again under the same webhook-id).
    await settings
      .database('lead_delivery', { id, action: 'done' })
      .catch((cause: unknown) =>
        console.error(`submit-lead: lead ${id} was posted, marking it failed:`, cause),
      );
    return { delivered: true };
  }

  return openEndpoint(opening, async ({ body: submission, address, answer, refuse }) => {
    const { lead, botChecked } = submission;
    let outcome: Outcome;
    try {
      outcome = (await settings.database('lead_submit', {
        client_address: address,
        lead,
        bot_checked: botChecked,
      })) as Outcome;
    } catch (cause) {
      console.error('submit-lead: the database did not answer:', cause);
      return refuse(refusal('database_unavailable'));
    }
    if (outcome.outcome === 'invalid')
      return refuse({ status: 400, code: outcome.code, message: outcome.message });
    if (outcome.outcome === 'refused') return answer(outcome.status, outcome.body, outcome.headers);

    let delivered: boolean;
    try {
      const delivery = await deliver(lead.id);
      if ('refusal' in delivery) return refuse(delivery.refusal);
      delivered = delivery.delivered;
    } catch (cause) {
      console.error('submit-lead: the database did not answer about the delivery:', cause);
      return refuse(refusal('database_unavailable'));
    }
    const said: SubmitLeadAnswer = { delivered };
    return outcome.outcome === 'stored'
      ? answer(201, said)
      : answer(409, {
          code: '23505',
          message: outcome.message,
          details: null,
          hint: null,
          ...said,
        });
  });
}
