// Loaded on the first interaction with the form. Only the browser profile brings supabase-js.
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

let insert: SubmissionClients['insert'] | undefined;
let botChecked: ReturnType<typeof createBotCheckedInsert> | undefined;
let botCheckPlace: () => HTMLElement | null = () => null;

async function storeWith(): Promise<SubmissionClients['insert']> {
  if (config.leads.via === 'server')
    return (row, signal) => submitLead(siteFunctions, row, null, signal);
  const { createSupabaseInsert } = await import('./supabase-insert');
  return createSupabaseInsert(config.supabaseUrl, config.supabaseAnonKey);
}

/** The form calls this with the module's load, on its first focus, within the load's time limit. */
export async function prepareSender(): Promise<void> {
  insert ??= await storeWith();
}

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
