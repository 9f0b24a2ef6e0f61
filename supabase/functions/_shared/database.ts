import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

/** A Postgres function called through the data API with the service-role key. */
export type CallDatabase = (name: string, request: Record<string, unknown>) => Promise<unknown>;

/** Well inside the page's own wait, so a hung database gets the visitor a clear answer. */
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
