import { createClient } from 'npm:@supabase/supabase-js@2.109.0';

/**
 * The database as the functions reach it: Postgres functions called through the data API with
 * the service-role key (which Supabase gives every Edge Function as SUPABASE_SERVICE_ROLE_KEY;
 * it never leaves the server). Each call takes one JSON object and answers one.
 */
export type CallDatabase = (name: string, request: Record<string, unknown>) => Promise<unknown>;

export function databaseFromKeys(
  url: string,
  serviceRoleKey: string,
  fetcher = fetch,
): CallDatabase {
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetcher },
  });
  return async (name, request) => {
    const { data, error } = await client.rpc(name, { request });
    if (error) throw new Error(`database ${name}: ${error.code} ${error.message}`);
    return data;
  };
}
