/**
 * The page's side of the request-callback Edge Function: one POST with the anon key, answered
 * as an outcome the form renders. Never throws; errors come back as values, as supabase-js's do.
 */

export interface CallbackRequest {
  id: string;
  phone: string;
  consent: boolean;
  consentText: string;
  captcha: string;
  estimate: number | null;
  variables: Record<string, number> | null;
  page: string;
  utm: Record<string, string> | null;
  visitId: string;
}

export type CallbackOutcome =
  | { status: 'accepted' }
  | { status: 'invalid'; field: 'phone' | 'consent'; reason: 'phone' | 'consent' | 'country' }
  | { status: 'bot-check' }
  | { status: 'limited'; retryAfterSeconds: number | null }
  | { status: 'failed'; detail: string };

export interface CallbackClient {
  functionsUrl: string;
  anonKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** How long the page waits for the function (it waits for Vapi at most 8 s itself). */
export const CALLBACK_TIMEOUT_MS = 20_000;

export async function requestCallback(
  request: CallbackRequest,
  client: CallbackClient,
): Promise<CallbackOutcome> {
  const fetcher = client.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(`${client.functionsUrl}/request-callback`, {
      method: 'POST',
      headers: {
        apikey: client.anonKey,
        Authorization: `Bearer ${client.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        id: request.id,
        phone: request.phone,
        consent: request.consent,
        consent_text: request.consentText,
        captcha: request.captcha,
        estimate: request.estimate,
        variables: request.variables,
        page: request.page,
        utm: request.utm,
        visit_id: request.visitId,
      }),
      signal: AbortSignal.timeout(client.timeoutMs ?? CALLBACK_TIMEOUT_MS),
    });
  } catch (error) {
    return { status: 'failed', detail: String(error) };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: unknown };
  if (response.status === 202) return { status: 'accepted' };
  switch (body.code) {
    case 'invalid_phone':
      return { status: 'invalid', field: 'phone', reason: 'phone' };
    case 'country_not_allowed':
      return { status: 'invalid', field: 'phone', reason: 'country' };
    case 'consent_required':
      return { status: 'invalid', field: 'consent', reason: 'consent' };
    case 'captcha_failed':
      return { status: 'bot-check' };
    case 'limited': {
      const retry = Number(response.headers.get('retry-after'));
      return {
        status: 'limited',
        retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
      };
    }
    default:
      return { status: 'failed', detail: `${response.status} ${String(body.code ?? '')}`.trim() };
  }
}
