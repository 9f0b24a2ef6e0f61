// Loaded on the visitor's first interaction with the form, never on page load: it brings
// supabase-js with it.
import { config } from '@/lib/config';
import { landingUtm, triedDemoCall, visitEstimate, visitId } from '@/lib/visit';
import { currentTrade } from '@/lib/trade';
import { submitContact, type ContactValues, type SubmissionResult } from './submission';
import { SUBMIT_LEAD } from '@shared/contracts/lead.ts';
import { createBotCheck } from '@/lib/bot-check';
import { createBotCheckedInsert } from './submit-lead';
import { createSupabaseInsert } from './supabase-insert';

// The page's one supabase-js client, made on the first send and kept for the page's life (this
// module is its only owner; unit tests use submitContact with their own clients instead).
let insert: ReturnType<typeof createSupabaseInsert> | undefined;
// And its way past the site's ceiling, when the bot check is configured (VITE_TURNSTILE_SITE_KEY).
let botChecked: ReturnType<typeof createBotCheckedInsert> | undefined;
let botCheckPlace: () => HTMLElement | null = () => null;

/** Sends one submission through the configured Supabase project and webhook. */
export function sendContact(
  id: string,
  values: ContactValues,
  place: () => HTMLElement | null,
): Promise<SubmissionResult> {
  insert ??= createSupabaseInsert(config.supabaseUrl, config.supabaseAnonKey);
  botCheckPlace = place;
  if (config.turnstile) {
    botChecked ??= createBotCheckedInsert(
      { functionsUrl: config.functionsUrl, anonKey: config.supabaseAnonKey },
      createBotCheck(config.turnstile, () => botCheckPlace(), SUBMIT_LEAD.action!),
    );
  }
  return submitContact(
    id,
    values,
    {
      insert,
      botChecked,
      fetch: (input, init) => fetch(input, init),
      webhookUrl: config.contactWebhookUrl,
      webhookMode: config.contactWebhookMode,
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
