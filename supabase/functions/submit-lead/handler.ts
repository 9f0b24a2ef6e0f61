import { SUBMIT_LEAD } from '../_shared/contracts/lead.ts';
import type { CallDatabase } from '../_shared/database.ts';
import { openEndpoint } from '../_shared/endpoint.ts';
import type { TurnstileSettings } from '../_shared/turnstile.ts';

/**
 * submit-lead: the way a lead takes when the data API answers 429 LG003 (the site's hourly or
 * daily ceiling, which a flood can reach). The bot check must pass; then the same content rules
 * as the form and the database (lead-rules.ts) and, in the database (public.lead_submit), the
 * same per-address limit and a ceiling of its own. Answers like the data API: 201, 409 with
 * code 23505 for an id stored already, 400, 429 with Retry-After. The page posts the webhook
 * itself, as after a direct insert. The wire contract: ../_shared/contracts/lead.ts.
 */

export interface SubmitLeadSettings {
  /** The site's origins (CORS): siteOrigins(SITE_URL). */
  origins: string[];
  turnstile: TurnstileSettings;
  database: CallDatabase;
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

export function createHandler(
  settings: SubmitLeadSettings,
): (request: Request) => Promise<Response> {
  const opening = { ...SUBMIT_LEAD, origins: settings.origins, botCheck: settings.turnstile };
  return openEndpoint(opening, async ({ body: lead, address, answer, refuse }) => {
    let outcome: Outcome;
    try {
      outcome = (await settings.database('lead_submit', {
        client_address: address,
        lead,
      })) as Outcome;
    } catch (cause) {
      console.error('submit-lead: the database did not answer:', cause);
      return refuse({
        status: 503,
        code: 'database_unavailable',
        message: 'The lead could not be stored. Please try again.',
      });
    }
    switch (outcome.outcome) {
      case 'stored':
        return answer(201, null);
      case 'exists':
        return refuse({ status: 409, code: '23505', message: outcome.message });
      case 'invalid':
        return refuse({ status: 400, code: outcome.code, message: outcome.message });
      case 'refused':
        return answer(outcome.status, outcome.body, outcome.headers);
    }
  });
}
