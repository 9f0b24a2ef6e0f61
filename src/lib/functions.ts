/**
 * The page's one client for the Supabase Edge Functions: a POST of the endpoint's JSON body (its
 * contract in supabase/functions/_shared/contracts/) with the anon key, as hosted functions
 * expect. Never throws: a connection that failed or ran out of time comes back as a value, as
 * supabase-js's errors do, and each caller turns the answer into its own outcome.
 */

export interface FunctionsClient {
  /** `${VITE_SUPABASE_URL}/functions/v1` (config.functionsUrl). */
  functionsUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}

export type FunctionAnswer =
  | { reached: true; status: number; headers: Headers; body: Record<string, unknown> }
  | { reached: false; detail: string };

/**
 * The function's raw answer (for one that streams), or why it was not reached. `keepalive` lets
 * a request outlive the page (a chat's end, sent as the visitor leaves).
 */
export async function openFunction(
  client: FunctionsClient,
  name: string,
  body: unknown,
  init: { signal?: AbortSignal; keepalive?: boolean },
): Promise<Response | { reached: false; detail: string }> {
  try {
    return await (client.fetch ?? fetch)(`${client.functionsUrl}/${name}`, {
      method: 'POST',
      headers: {
        apikey: client.anonKey,
        Authorization: `Bearer ${client.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      ...init,
    });
  } catch (error) {
    return { reached: false, detail: String(error) };
  }
}

export async function callFunction(
  client: FunctionsClient,
  name: string,
  body: unknown,
  signal: AbortSignal,
): Promise<FunctionAnswer> {
  const response = await openFunction(client, name, body, { signal });
  if (!(response instanceof Response)) return response;
  const read: unknown = await response.json().catch(() => ({}));
  return {
    reached: true,
    status: response.status,
    headers: response.headers,
    body: typeof read === 'object' && read !== null ? (read as Record<string, unknown>) : {},
  };
}
