import type { CallDatabase } from '../_shared/database.ts';
import { VAPI_EVENTS } from '../_shared/contracts/call-report.ts';
import { CALLBACK_CALL_WORDS, DO_NOT_CALL_TOOL } from '../_shared/contracts/callback-call.ts';
import { parseTrade } from '../_shared/contracts/origin.ts';
import { openEndpoint, type Opened, type PageSettings } from '../_shared/endpoint.ts';
import { isUuid } from '../_shared/http.ts';
import { sameSecret } from '../_shared/jwt.ts';
import { pressAfterAnswer } from '../_shared/outbox.ts';
import { VAPI_SECRET_HEADER } from '../_shared/vapi/client.ts';
import type {
  EndOfCallReport,
  SessionUpdated,
  StatusUpdate,
  ToolCallResult,
  ToolCalls,
  ToolCallsAnswer,
  VapiCall,
  VapiSession,
} from '../_shared/vapi/types.ts';

/**
 * vapi-events: the assistant's Server URL. Reports are stored once per Vapi id (Vapi retries),
 * each with its delivery to the webhook (the outbox, _shared/outbox.ts), which is posted here
 * after the answer and, when that fails, by deliver-webhooks on the outbox's schedule; a report of
 * a call the site did not start is stored only within the day's allowance, and past it still
 * answered 200 so Vapi does not retry.
 */

export interface VapiEventsSettings extends Pick<
  PageSettings,
  'database' | 'background' | 'webhook'
> {
  secret: string;
  /** VAPI_MAX_CALL_SECONDS: the longest call the site starts, so the longest a report can claim. */
  maxCallSeconds: number;
  /** As demo_call_store reads them: per UTC day, for calls and chats the site did not start. */
  limits: { unknown_daily: number; unknown_daily_bytes: number };
}

/**
 * The demo_calls table's bounds: texts in code points (char_length), structured data in bytes.
 * A call's duration is bounded tighter, by the settings' maxCallSeconds.
 */
export const LIMITS = {
  summary: 4000,
  transcript: 20000,
  structuredDataBytes: 8192,
  url: 1000,
  reason: 200,
  id: 100,
  durationSeconds: 86_400,
  cost: 100_000,
  /**
   * Levels of arrays and objects in structured data. Vapi's follows the assistant's analysis
   * schema (agent/captured-fields.ts's is one level of strings); 32 is far past any such schema
   * and far short of the depth at which serializing or walking it exhausts the stack.
   */
  structuredDataDepth: 32,
};

/** NUL (PostgreSQL text cannot hold it), other controls but tab and breaks, lone surrogates. */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const clean = (value: string) => value.replace(UNSTORABLE, '');

/** Cut to `max` code points; empty is null. */
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' ? Array.from(clean(value)).slice(0, max).join('') || null : null;
/** Years 1970 to 9999: every one PostgreSQL's timestamptz reads from an ISO string. */
const LAST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** An ISO time of ms since 1970; null for one the database could not read. */
const isoTime = (ms: number): string | null =>
  ms >= 0 && ms <= LAST_TIME_MS ? new Date(ms).toISOString() : null;
const time = (value: unknown): string | null =>
  typeof value === 'string' ? isoTime(Date.parse(value)) : null;
const amount = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, max) : null;
/** The duration Vapi reports, else the span between the times; at most `maxSeconds`. */
function times(start: unknown, end: unknown, maxSeconds: number, seconds?: unknown) {
  const [started_at, ended_at] = [time(start), time(end)];
  const between =
    started_at && ended_at ? (Date.parse(ended_at) - Date.parse(started_at)) / 1000 : null;
  return {
    started_at,
    ended_at,
    duration_seconds: amount(seconds, maxSeconds) ?? amount(between, maxSeconds),
  };
}
/**
 * The bytes of jsonb's text form, which the table's check measures: a space after every `:` and
 * `,`, and exponents written out in full (counted as too large).
 */
function jsonbTextBytes(json: string): number {
  let bytes = new TextEncoder().encode(json).length;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const char = json[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === ':' || char === ',') bytes += 1;
    else if ((char === 'e' || char === 'E') && /[0-9.]/.test(json[i - 1] ?? ''))
      return Number.POSITIVE_INFINITY;
  }
  return bytes;
}

/** More than `max` levels of arrays and objects, found without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const open: [unknown, number][] = [[value, 0]];
  for (let next = open.pop(); next; next = open.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) open.push([child, depth + 1]);
  }
  return false;
}

function structured(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (deeperThan(value, LIMITS.structuredDataDepth)) return null;
  const json = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? clean(item) : item,
  );
  if (json === undefined || jsonbTextBytes(json) > LIMITS.structuredDataBytes) return null;
  return JSON.parse(json) as unknown;
}

const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Vapi's type `T`'s fields, each still unchecked. */
const fieldsOf = <T>(value: unknown) => object(value) as Partial<Record<keyof T, unknown>>;

const KINDS: readonly unknown[] = ['webCall', 'outboundPhoneCall', 'inboundPhoneCall'];

/**
 * Every value is checked: anyone holding the secret could send anything. No call lasts longer
 * than `maxCallSeconds`, the most the site lets Vapi run one.
 */
export function reportRow(message: Record<string, unknown>, maxCallSeconds: number) {
  const report = fieldsOf<EndOfCallReport>(message);
  const call = fieldsOf<VapiCall>(report.call);
  const analysis = object(report.analysis);
  const artifact = object(report.artifact);
  const overrides = object(call.assistantOverrides);
  const metadata = object(overrides.metadata);
  const kind = KINDS.includes(call.type) ? (call.type as string) : 'other';
  return {
    vapi_call_id: text(call.id, LIMITS.id),
    kind,
    ...times(
      report.startedAt ?? call.startedAt,
      report.endedAt ?? call.endedAt,
      maxCallSeconds,
      report.durationSeconds,
    ),
    ended_reason: text(report.endedReason, LIMITS.reason),
    cost: amount(report.cost, LIMITS.cost),
    summary: text(analysis.summary, LIMITS.summary),
    structured_data: structured(analysis.structuredData),
    transcript: text(artifact.transcript, LIMITS.transcript),
    recording_url: text(artifact.recordingUrl, LIMITS.url),
    visit_id: isUuid(metadata.visit_id) ? metadata.visit_id : null,
    callback_id: isUuid(metadata.callback_id) ? metadata.callback_id : null,
    // Not a column: finds a web call whose start was never recorded.
    web_call_id: isUuid(metadata.web_call_id) ? metadata.web_call_id : null,
    trade: parseTrade(object(overrides.variableValues).trade),
  };
}

/** A chat's report: Vapi's `session.updated` with the session completed. */
export function sessionReportRow(message: Record<string, unknown>) {
  const updated = fieldsOf<SessionUpdated>(message);
  const session = fieldsOf<VapiSession>(updated.session);
  const overrides = object(session.assistantOverrides);
  const visit = object(overrides.variableValues).visit_id ?? object(overrides.metadata).visit_id;
  const lines = (Array.isArray(session.messages) ? session.messages : []).flatMap((item) => {
    const line = object(item);
    const said = typeof line.content === 'string' ? line.content : line.message;
    const who = line.role === 'user' ? 'User' : line.role === 'assistant' ? 'AI' : null;
    return who && typeof said === 'string' ? [`${who}: ${said}`] : [];
  });
  return {
    vapi_call_id: text(session.id, LIMITS.id),
    kind: 'webChat',
    // A chat has no cap of its own: the table's bound.
    ...times(session.createdAt, session.updatedAt, LIMITS.durationSeconds),
    ended_reason: 'chat-completed',
    cost: amount(session.cost, LIMITS.cost),
    summary: null,
    structured_data: null,
    transcript: text(lines.join('\n'), LIMITS.transcript),
    recording_url: null,
    visit_id: isUuid(visit) ? visit : null,
    callback_id: null,
    trade: parseTrade(object(overrides.variableValues).trade),
  };
}

/**
 * `do_not_call` lists the number the site dialed, looked up by the call's Vapi id, never the
 * message's `call.customer.number`: a message cannot name the number it lists.
 */
async function doNotCall(callId: string | null, database: CallDatabase): Promise<boolean> {
  try {
    const listed = callId
      ? await database('callback_do_not_call_add', { vapi_call_id: callId })
      : null;
    if ((listed as { known?: boolean } | null)?.known) return true;
    console.warn(
      `vapi-events: do_not_call from ${callId ?? 'no call'}, not a callback the site placed`,
    );
  } catch (error) {
    console.error(`vapi-events: do_not_call from ${callId} was not listed:`, error);
  }
  return false;
}

async function answerToolCalls(
  message: Record<string, unknown>,
  database: CallDatabase,
): Promise<ToolCallsAnswer> {
  const calls = fieldsOf<ToolCalls>(message);
  const asked = (Array.isArray(calls.toolCallList) ? calls.toolCallList : []).map((item) => {
    const toolCall = object(item);
    return {
      name: text(object(toolCall.function).name, LIMITS.id) ?? '',
      toolCallId: text(toolCall.id, LIMITS.id) ?? '',
    };
  });
  // Once per message, however many times the model asked.
  const listed =
    asked.some(({ name }) => name === DO_NOT_CALL_TOOL) &&
    (await doNotCall(text(object(calls.call).id, LIMITS.id), database));
  const outcome = (name: string): Partial<ToolCallResult> =>
    name !== DO_NOT_CALL_TOOL
      ? { error: `vapi-events has no tool named "${name}".` }
      : listed
        ? { result: CALLBACK_CALL_WORDS.resultListed }
        : { error: CALLBACK_CALL_WORDS.resultNotListed };
  return { results: asked.map((call) => ({ ...call, ...outcome(call.name) })) };
}

const STEPS: readonly unknown[] = ['queued', 'ringing', 'in-progress', 'ended'];

/** A callback's step; `at` is on Vapi's clock, and the database clamps it to the request's span. */
async function recordStatus(
  message: Record<string, unknown>,
  database: CallDatabase,
  { answer, orAnswer }: Opened<unknown>,
): Promise<Response> {
  const update = fieldsOf<StatusUpdate>(message);
  if (!STEPS.includes(update.status)) return answer(200, { ok: true, ignored: 'status-update' });
  const call = fieldsOf<VapiCall>(update.call);
  const metadata = object(object(call.assistantOverrides).metadata);
  const row = {
    vapi_call_id: text(call.id, LIMITS.id),
    status: update.status,
    at: typeof update.timestamp === 'number' ? isoTime(update.timestamp) : null,
    callback_id: isUuid(metadata.callback_id) ? metadata.callback_id : null,
  };
  if (!row.vapi_call_id)
    return answer(400, { code: 'bad_request', message: 'The status update names no call.' });
  const recorded = (await orAnswer(
    () => database('callback_status_record', row),
    `the ${row.status} status of ${row.vapi_call_id} was not recorded`,
    // A 500 asks Vapi to send it again.
    () => answer(500, { code: 'not_recorded' }),
  )) as { known?: unknown } | null;
  return answer(200, { ok: true, recorded: recorded?.known === true });
}

/** What demo_call_store answers. */
interface Stored {
  stored: boolean;
  refused?: boolean;
  refused_today?: number;
}

export function createHandler(
  settings: VapiEventsSettings,
): (request: Request) => Promise<Response> {
  const { database } = settings;
  const opening = {
    ...VAPI_EVENTS,
    // No page calls it: no CORS.
    origins: [],
    authorize: (request: Request) =>
      sameSecret(request.headers.get(VAPI_SECRET_HEADER) ?? '', settings.secret),
  };
  return openEndpoint(opening, async (opened) => {
    const { answer, orAnswer } = opened;
    const message = object(opened.body.message);
    if (message.type === 'tool-calls') return answer(200, await answerToolCalls(message, database));

    if (message.type === 'status-update') return await recordStatus(message, database, opened);

    const row =
      message.type === 'end-of-call-report'
        ? reportRow(message, settings.maxCallSeconds)
        : message.type === 'session.updated' && object(message.session).status === 'completed'
          ? sessionReportRow(message)
          : null;
    if (!row) return answer(200, { ok: true, ignored: text(message.type, LIMITS.id) ?? '' });
    if (!row.vapi_call_id)
      return answer(400, { code: 'bad_request', message: 'The report names no call.' });
    const outcome = (await orAnswer(
      () => database('demo_call_store', { ...row, limits: settings.limits }),
      `the report of ${row.vapi_call_id} was not stored`,
      // Every value is within bounds, so the database failed: a 500 asks Vapi to retry.
      () => answer(500, { code: 'not_stored' }),
    )) as Stored;
    if (outcome.refused) {
      console.warn(
        `vapi-events: not stored: ${row.kind} ${row.vapi_call_id} was not started by the site (${outcome.refused_today ?? '?'} ${row.kind} refused today)`,
      );
      return answer(200, { ok: true, stored: false, refused: true });
    }
    const stored = outcome.stored === true;
    const { webhook } = settings;
    if (stored && webhook.url !== null) {
      // The delivery the database wrote with the report; its payload is built from the stored
      // row, as call-report builds the lead card's.
      const id = `call_report:${row.vapi_call_id}`;
      settings.background(() => pressAfterAnswer(id, database, webhook, 'vapi-events'));
    }
    return answer(200, { ok: true, stored });
  });
}
