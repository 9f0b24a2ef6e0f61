import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

/**
 * The database as the functions reach it: Postgres functions called through the data API with
 * the service-role key (which Supabase gives every Edge Function as SUPABASE_SERVICE_ROLE_KEY;
 * it never leaves the server). Each call takes one JSON object and answers one.
 */
export type CallDatabase = (name: string, request: Record<string, unknown>) => Promise<unknown>;

/**
 * How long one database call may take: well inside the page's own wait (10 to 20 s), so a hung
 * database gets the visitor a clear answer, not the platform's wall clock.
 */
export const DATABASE_TIMEOUT_MS = 5_000;

export function databaseFromKeys(
  url: string,
  serviceRoleKey: string,
  fetcher = fetch,
  timeoutMs = DATABASE_TIMEOUT_MS,
): CallDatabase {
  const withDeadline: typeof fetch = (input, init = {}) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetcher(input, { ...init, signal });
  };
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: withDeadline },
  });
  return async (name, request) => {
    const { data, error } = await client.rpc(name, { request });
    if (error) throw new Error(`database ${name}: ${error.code} ${error.message}`);
    return data;
  };
}
