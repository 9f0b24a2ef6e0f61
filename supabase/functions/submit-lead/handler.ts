import {
  SUBMIT_LEAD,
  SUBMIT_LEAD_REFUSALS,
  type SubmitLeadAnswer,
} from '../_shared/contracts/lead.ts';
import { refusalsOf, type Refusal } from '../_shared/contracts/refusal.ts';
import { openEndpoint, type PageSettings } from '../_shared/endpoint.ts';
import { pressDelivery } from '../_shared/outbox.ts';

/**
 * submit-lead: every lead comes here first without a bot check; turned away by the site's
 * ceiling (429 LG003), the page sends it again with a token. A stored lead's delivery is written
 * with it (the outbox, _shared/outbox.ts) and posted here at once when it can; a post that
 * fails is retried on the outbox's schedule even if the visitor leaves. Answers as the data API does.
 */

export type SubmitLeadSettings = Omit<PageSettings, 'background' | 'reports'>;

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

/** Within the page's own 10 s wait. */
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

  /** Whether the lead reached the webhook, or why it is refused for now. */
  async function deliver(id: string): Promise<boolean | Refusal> {
    const { webhook } = settings;
    if (webhook.url === null) return false;
    const pressed = await pressDelivery(id, settings.database, { ...webhook, ...DELIVERY });
    if (pressed === 'posted' || pressed === 'delivered') return true;
    if (pressed === 'failed') return refusal('webhook_failed');
    return refusal('webhook_busy', { headers: { 'Retry-After': '2' } });
  }

  return openEndpoint(opening, async ({ body: submission, address, answer, refuse, orAnswer }) => {
    const { lead, botChecked } = submission;
    const unavailable = () => refuse(refusal('database_unavailable'));
    const outcome = (await orAnswer(
      () =>
        settings.database('lead_submit', {
          client_address: address,
          lead,
          bot_checked: botChecked,
        }),
      'the database did not answer',
      unavailable,
    )) as Outcome;
    if (outcome.outcome === 'invalid')
      return refuse({ status: 400, code: outcome.code, message: outcome.message });
    if (outcome.outcome === 'refused') return answer(outcome.status, outcome.body, outcome.headers);

    const delivered = await orAnswer(
      () => deliver(lead.id),
      'the database did not answer about the delivery',
      unavailable,
    );
    if (typeof delivered !== 'boolean') return refuse(delivered);
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
