import { createClient } from '@supabase/supabase-js';
import type { LeadRow } from '@shared/contracts/lead.ts';
import type { InsertOutcome } from './submission';

/** Sessions are off: visitors never sign in. */
export function createSupabaseInsert(url: string, anonKey: string, fetchImpl?: typeof fetch) {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
  });
  return async (row: LeadRow, signal: AbortSignal): Promise<InsertOutcome> => {
    // anon may insert but not read, so nothing is selected back; submitContact does the retries.
    const { error, status } = await client
      .from('contact_submissions')
      .insert(row)
      .retry(false)
      .abortSignal(signal);
    if (!error) return { ok: true };
    return { ok: false, status, code: error.code ?? '', message: error.message ?? '' };
  };
}
