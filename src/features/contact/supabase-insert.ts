import { createClient } from '@supabase/supabase-js';
import type { LeadRow } from '@shared/contracts/lead.ts';
import type { InsertOutcome } from './submission';

/**
 * An insert into contact_submissions through supabase-js with the anon key. The client is
 * created once; creating it makes no request. Sessions are off: visitors never sign in.
 */
export function createSupabaseInsert(url: string, anonKey: string, fetchImpl?: typeof fetch) {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
  return async (row: LeadRow, signal: AbortSignal): Promise<InsertOutcome> => {
    // return=minimal (the default): anon may insert but not read, so nothing is selected back.
    // No retries inside supabase-js: submitContact decides (and never retries a 429).
    const { error, status } = await client
      .from('contact_submissions')
      .insert(row)
      .retry(false)
      .abortSignal(signal);
    if (!error) return { ok: true };
    return { ok: false, status, code: error.code ?? '', message: error.message ?? '' };
  };
}
