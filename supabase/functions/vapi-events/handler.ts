import type { CallDatabase } from '../_shared/database.ts';
import { VAPI_EVENTS, type CallReportWebhook } from '../_shared/contracts/call-report.ts';
import { openEndpoint } from '../_shared/endpoint.ts';
import { isUuid } from '../_shared/http.ts';
import { sameSecret } from '../_shared/jwt.ts';
import { toPacificReadable } from '../_shared/pacific-time.ts';
import type { EndOfCallReport, VapiCall } from '../_shared/vapi/types.ts';
import { postWebhook, type WebhookSettings } from '../_shared/webhook.ts';

/**
 * vapi-events: the assistant's Server URL. Vapi posts its messages here with the shared secret
 * in x-vapi-secret; the secret is checked in constant time before anything else is read. Each
 * end-of-call-report is stored once per Vapi call id (Vapi retries a delivery) with bounded
 * sizes, and forwarded to the automation webhook as a compact {type: "call_report"}; every
 * other message is acknowledged and ignored.
 */

export interface VapiEventsSettings {
  secret: string;
  database: CallDatabase;
  webhook: WebhookSettings;
  background?: (work: Promise<unknown>) => void;
}

export const LIMITS = {
  summary: 4000,
  transcript: 20000,
  structuredData: 8192,
  url: 1000,
  reason: 200,
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null;
const time = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? new Date(value).toISOString()
    : null;
const amount = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max ? value : null;
const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The row a report becomes: only the fields the owner needs, each bounded. The message is read
 * by Vapi's own type (EndOfCallReport), and every value is checked, since anyone holding the
 * secret could send anything.
 */
export function reportRow(message: Record<string, unknown>) {
  const report = message as Partial<Record<keyof EndOfCallReport, unknown>>;
  const call = object(report.call) as Partial<Record<keyof VapiCall, unknown>>;
  const analysis = object(report.analysis);
  const artifact = object(report.artifact);
  const metadata = object(object(call.assistantOverrides).metadata);
  const structured = analysis.structuredData ?? null;
  const structuredText = structured === null ? null : JSON.stringify(structured);
  const startedAt = time(report.startedAt ?? call.startedAt);
  const endedAt = time(report.endedAt ?? call.endedAt);
  const duration =
    amount(report.durationSeconds, 86_400) ??
    (startedAt && endedAt
      ? Math.max(0, (Date.parse(endedAt) - Date.parse(startedAt)) / 1000)
      : null);
  const kind = ['webCall', 'outboundPhoneCall', 'inboundPhoneCall'].includes(String(call.type))
    ? String(call.type)
    : 'other';
  return {
    vapi_call_id: text(call.id, 100),
    kind,
    started_at: startedAt,
    ended_at: endedAt,
    ended_reason: text(report.endedReason, LIMITS.reason),
    duration_seconds: duration,
    cost: amount(report.cost, 100_000),
    summary: text(analysis.summary, LIMITS.summary),
    structured_data:
      structuredText !== null && structuredText.length <= LIMITS.structuredData ? structured : null,
    transcript: text(artifact.transcript, LIMITS.transcript),
    recording_url: text(artifact.recordingUrl, LIMITS.url),
    visit_id: isUuid(metadata.visit_id) ? metadata.visit_id : null,
    callback_id: isUuid(metadata.callback_id) ? metadata.callback_id : null,
  };
}

export function createHandler(
  settings: VapiEventsSettings,
): (request: Request) => Promise<Response> {
  const background = settings.background ?? ((work: Promise<unknown>) => void work);
  const opening = {
    ...VAPI_EVENTS,
    // Vapi calls it from its servers: no page does, so no CORS.
    origins: [],
    authorize: (request: Request) =>
      sameSecret(request.headers.get('x-vapi-secret') ?? '', settings.secret),
  };
  return openEndpoint(opening, async ({ body, answer }) => {
    const message = object(body.message);
    if (message.type !== 'end-of-call-report')
      return answer(200, { ok: true, ignored: String(message.type ?? '') });

    const row = reportRow(message);
    if (!row.vapi_call_id)
      return answer(400, { code: 'bad_request', message: 'The report names no call.' });
    let stored: boolean;
    try {
      stored = ((await settings.database('demo_call_store', row)) as { stored: boolean }).stored;
    } catch (error) {
      // Vapi retries a delivery that failed: nothing is lost by answering 500 here.
      console.error('vapi-events: the report was not stored:', error);
      return answer(500, { code: 'not_stored' });
    }
    if (stored) {
      const payload: CallReportWebhook = {
        type: 'call_report',
        vapi_call_id: row.vapi_call_id,
        kind: row.kind,
        ended_at: row.ended_at ? toPacificReadable(new Date(row.ended_at)) : null,
        ended_reason: row.ended_reason,
        duration_seconds: row.duration_seconds,
        cost: row.cost,
        summary: row.summary,
        structured_data: row.structured_data,
        recording_url: row.recording_url,
        visit_id: row.visit_id,
        callback_id: row.callback_id,
      };
      background(
        postWebhook(payload, settings.webhook).then((delivered) => {
          if (!delivered)
            console.error(`vapi-events: the webhook did not take ${row.vapi_call_id}`);
        }),
      );
    }
    return answer(200, { ok: true, stored });
  });
}
