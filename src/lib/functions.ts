/** POSTs the contract's JSON body with the anon key. Never throws: a failed or timed-out connection comes back as a value, as supabase-js's errors do. */

export interface FunctionsClient {
  functionsUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
}

export type FunctionAnswer =
  | { reached: true; status: number; body: Record<string, unknown> }
  | { reached: false; detail: string };

/** The raw answer, for a function that streams. `keepalive` lets a request outlive the page. */
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
    body: typeof read === 'object' && read !== null ? (read as Record<string, unknown>) : {},
  };
}
