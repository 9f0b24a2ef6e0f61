// Loaded on the visitor's first interaction with the form, never on page load. The default
// profile sends the lead to the submit-lead function, which stores it and posts the owner's
// automation; the browser profile (VITE_LEADS=browser) brings supabase-js to insert it with the
// anon key and posts the webhook itself.
import { config, siteFunctions } from '@/lib/config';
import { landingUtm, triedDemoCall, visitEstimate, visitId } from '@/lib/visit';
import { currentTrade } from '@/lib/trade';
import {
  submitContact,
  type ContactValues,
  type SubmissionClients,
  type SubmissionResult,
} from './submission';
import { SUBMIT_LEAD } from '@shared/contracts/lead.ts';
import { createBotCheck } from '@/lib/bot-check';
import { createBotCheckedInsert, submitLead } from './submit-lead';

// The page's one way to store a lead, made on the first send and kept for the page's life (this
// module is its only owner; unit tests use submitContact with their own clients instead).
let insert: SubmissionClients['insert'] | undefined;
// And its way past the site's ceiling, when the bot check is configured (VITE_TURNSTILE_SITE_KEY).
let botChecked: ReturnType<typeof createBotCheckedInsert> | undefined;
let botCheckPlace: () => HTMLElement | null = () => null;

async function storeWith(): Promise<SubmissionClients['insert']> {
  if (config.leads.via === 'server')
    return (row, signal) => submitLead(siteFunctions, row, null, signal);
  const { createSupabaseInsert } = await import('./supabase-insert');
  return createSupabaseInsert(config.supabaseUrl, config.supabaseAnonKey);
}

/**
 * Makes the way to store a lead ready (in the browser profile, supabase-js is fetched): the form
 * calls it with this module's load, on its first focus, within the load's time limit.
 */
export async function prepareSender(): Promise<void> {
  insert ??= await storeWith();
}

/** Sends one submission through the configured profile. */
export async function sendContact(
  id: string,
  values: ContactValues,
  place: () => HTMLElement | null,
): Promise<SubmissionResult> {
  await prepareSender();
  botCheckPlace = place;
  if (config.turnstile) {
    botChecked ??= createBotCheckedInsert(
      siteFunctions,
      createBotCheck(config.turnstile, () => botCheckPlace(), SUBMIT_LEAD.action!),
    );
  }
  return submitContact(
    id,
    values,
    {
      insert: insert!,
      botChecked,
      webhook:
        config.leads.via === 'browser'
          ? {
              fetch: (input, init) => fetch(input, init),
              url: config.leads.webhookUrl,
              mode: config.leads.webhookMode,
            }
          : undefined,
    },
    {
      page: window.location.pathname,
      utm: landingUtm(),
      estimate: visitEstimate()?.estimate ?? null,
      demo_call: triedDemoCall(),
      visit_id: visitId(),
      trade: currentTrade(),
    },
  );
}
