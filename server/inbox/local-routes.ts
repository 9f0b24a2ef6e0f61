import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { Webhook } from 'standardwebhooks';
import type { CallbackRequest } from '../../supabase/functions/_shared/contracts/callback';
import type { StoredCallReport } from '../../supabase/functions/_shared/contracts/call-report';
import { LEAD_ROW_KEYS, type LeadRow } from '../../supabase/functions/_shared/contracts/lead';
import { LEAD_FIELDS } from '../../supabase/functions/_shared/lead-fields';
import { escapeHtml } from '../../src/lib/escape-html';
import { LOCAL_ROUTES } from '../../src/lib/local-stack-routes';
import { CLOSE_CONNECTION, MAX_BODY_BYTES } from '../postgrest/postgrest';
import { parseJson } from '../postgrest/postgrest-errors';
import { isoUtc, rowsOf } from '../postgres/database';
import { funnelOf, listEvents } from '../plausible/events-stand-in';
import { listVapiCalls } from '../vapi/vapi-stand-in';

const WEBHOOK_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

type WebhookHeaders = Record<(typeof WEBHOOK_HEADERS)[number], string | null>;

/** `unsigned`: none of the headers (the page's own post, VITE_LEADS=browser). */
type SignatureCheck = 'verified' | 'failed' | 'unsigned';

export interface WebhookDelivery {
  seq: number;
  received_at: string;
  payload: unknown;
  /** The bytes a signature covers. */
  body: string | null;
  headers: WebhookHeaders;
  signature: SignatureCheck;
  signature_error: string | null;
}

/** A delivery's signature checked as the owner's automation would, and why it failed. */
function checkSignature(
  body: string,
  headers: WebhookHeaders,
  secret: string | null,
): [SignatureCheck, string | null] {
  if (Object.values(headers).every((value) => value === null)) return ['unsigned', null];
  if (!secret) return ['failed', 'the local stack has no signing secret'];
  try {
    new Webhook(secret).verify(
      body,
      Object.fromEntries(WEBHOOK_HEADERS.map((name) => [name, headers[name] ?? ''])),
    );
    return ['verified', null];
  } catch (error) {
    return ['failed', error instanceof Error ? error.message : String(error)];
  }
}

const pacificFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const pacific = (iso: string) => pacificFormat.format(new Date(iso));

const SUBMISSION_COLUMNS: Partial<Record<keyof LeadRow, string>> = {
  estimate: 'estimate::float8 as estimate',
  created_at: isoUtc('created_at'),
};

export const listSubmissions = (db: PGlite) =>
  rowsOf<LeadRow>(
    db,
    `select ${LEAD_ROW_KEYS.map((key) => SUBMISSION_COLUMNS[key] ?? key).join(', ')}
       from public.contact_submissions
      order by contact_submissions.created_at desc, id`,
  );

function source(s: LeadRow): string {
  const utm = Object.entries(s.utm ?? {}).map(([key, value]) => `${key}=${value}`);
  const parts = [s.page ?? '', s.trade ? `trade ${s.trade}` : '', utm.join(' ')];
  if (s.estimate !== null) parts.push(`estimate $${s.estimate}`);
  if (s.demo_call) parts.push('tried the demo');
  return parts.filter(Boolean).join(', ');
}

const listReceived = <T>(db: PGlite, table: string, columns: string) =>
  rowsOf<T & { seq: number; received_at: string }>(
    db,
    `select seq::int as seq, ${isoUtc('received_at')}, ${columns}
       from local_stack.${table} order by seq desc`,
  );

interface StoredCallback extends CallbackRequest {
  country: string;
  client_address: string | null;
  consent_at: string;
  status: string;
  vapi_call_id: string | null;
  error: string | null;
  attempts: number;
  webhook_status: string;
  created_at: string;
  lead_id: string | null;
  /** From the visitor's press to the phone ringing. */
  ringing_after_ms: number | null;
}

export const listCallbacks = (db: PGlite) =>
  rowsOf<StoredCallback>(
    db,
    `select id, phone, country, client_address, consent_text, ${isoUtc('consent_at')}, estimate,
            variables, page, utm, visit_id, status, vapi_call_id, error, attempts, webhook_status, ${isoUtc('created_at')},
            lead_id, pressed_ms, ringing_after_ms
       from public.callback_requests order by created_at desc, id`,
  );

type InboxReport = Omit<StoredCallReport, 'cost' | 'recording_url' | 'ringing_after_seconds'> & {
  transcript: string | null;
};

const listCallReports = (db: PGlite) =>
  rowsOf<InboxReport>(
    db,
    `select vapi_call_id, kind, ended_reason, duration_seconds::float8 as duration_seconds, summary,
            transcript, structured_data, visit_id, callback_id, trade, ${isoUtc('ended_at')}
       from public.demo_calls order by received_at desc`,
  );

/** A report in a few words: its summary (a chat has none: its transcript's start). */
function reportLine(report: InboxReport): string {
  const seconds =
    report.duration_seconds === null ? '' : `${Math.round(report.duration_seconds)} s`;
  const title = `${report.kind === 'webChat' ? 'Chat report' : 'Call report'}${report.trade ? `, ${report.trade}` : ''}`;
  const gist = report.summary ?? report.transcript?.slice(0, 200) ?? '';
  return `<div class="report"><strong>${title}</strong> (${escapeHtml([report.ended_reason ?? '', seconds].filter(Boolean).join(', '))}): ${escapeHtml(gist)}</div>`;
}

const listCspReports = (db: PGlite) =>
  listReceived<{ report: unknown }>(db, 'csp_reports', 'report');

/** json, not jsonb: it keeps the headers' order. */
const listDeliveries = (db: PGlite) =>
  listReceived<WebhookDelivery>(
    db,
    'webhook_deliveries',
    `payload, body, json_build_object('webhook-id', webhook_id, 'webhook-timestamp', webhook_timestamp,
       'webhook-signature', webhook_signature) as headers, signature, signature_error`,
  );

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%;margin:1rem 0 2rem}th,td{border:1px solid #cbd5e1;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f1f5f9}pre{white-space:pre-wrap;margin:0;font-size:.85rem}
.signature{margin:0 0 .3rem}.signature.verified{color:#166534}.signature.failed{color:#b91c1c}.signature.unsigned{color:#475569}`;

/** A table, or the `empty` line when it has no rows. */
const table = (headers: string[], rows: string, empty: string) =>
  rows
    ? `<table><thead><tr>${headers.map((header) => `<th>${header}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${empty}</p>`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

function receiveJson(handle: (c: Context, body: unknown, text: string) => Promise<Response>) {
  return [
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'Body too large' }, 413, CLOSE_CONNECTION),
    }),
    async (c: Context) => {
      const text = await c.req.text();
      const body = parseJson(text);
      if (body === undefined) return c.json({ error: 'Body must be JSON' }, 400);
      return handle(c, body, text);
    },
  ] as const;
}

function funnelTable(steps: ReturnType<typeof funnelOf>): string {
  if (steps.every((step) => step.count === 0))
    return `<p>No events yet. The site sends them once it has taken over a page (not in automated browsers, unless <code>window.__plausible</code> is set); they are listed at <a href="${LOCAL_ROUTES.eventsJson}">${LOCAL_ROUTES.eventsJson}</a>.</p>`;
  const rows = steps
    .map(
      (step) =>
        `<tr><td>${escapeHtml(step.step)}</td><td>${step.count}</td><td>${escapeHtml(
          Object.entries(step.byTrade)
            .map(([trade, count]) => `${trade} ${count}`)
            .join(', '),
        )}</td></tr>`,
    )
    .join('');
  return table(['Step', 'Count', 'By trade'], rows, '');
}

function reportRow(reports: string, columns: number): string {
  return reports ? `<tr><td colspan="${columns}">${reports}</td></tr>` : '';
}

function receivedRows(items: [receivedAt: string, json: unknown, note?: string][]): string {
  return items
    .map(
      ([receivedAt, json, note]) =>
        `<tr><td>${escapeHtml(pacific(receivedAt))}</td><td>${note ?? ''}<pre>${escapeHtml(JSON.stringify(json, null, 2))}</pre></td></tr>`,
    )
    .join('');
}

const SIGNATURE_WORDS: Record<SignatureCheck, string> = {
  verified: 'Signature verified',
  failed: 'Signature FAILED',
  unsigned: 'Unsigned (posted by the page)',
};

function signatureLine(delivery: WebhookDelivery): string {
  const id = delivery.headers['webhook-id'];
  return `<p class="signature ${delivery.signature}"><strong>${SIGNATURE_WORDS[delivery.signature]}</strong>${delivery.signature_error ? `: ${escapeHtml(delivery.signature_error)}` : ''}${id ? ` <small>webhook-id <code>${escapeHtml(id)}</code></small>` : ''}</p>`;
}

export function createLocalRoutes(db: PGlite, webhookSecret: string | null): Hono {
  const local = new Hono();
  const allow = (methods: string) => (c: Context) =>
    c.text('Method not allowed', 405, { Allow: methods });
  const readOnly = (path: string, handler: (c: Context) => Response | Promise<Response>) => {
    local.get(path, handler);
    local.on(['POST', 'PUT', 'PATCH', 'DELETE'], path, allow('GET, HEAD'));
  };

  // Signatures are recorded, not enforced: the owner's automation is what refuses.
  local.use(
    LOCAL_ROUTES.webhook,
    cors({ origin: '*', allowHeaders: ['content-type'], allowMethods: ['POST', 'OPTIONS'] }),
  );
  local.post(
    LOCAL_ROUTES.webhook,
    ...receiveJson(async (c, payload, text) => {
      const headers = Object.fromEntries(
        WEBHOOK_HEADERS.map((name) => [name, c.req.header(name) ?? null]),
      ) as WebhookHeaders;
      await db.query(
        `insert into local_stack.webhook_deliveries
           (payload, body, webhook_id, webhook_timestamp, webhook_signature, signature, signature_error)
         values ($1::jsonb, $2, $3, $4, $5, $6, $7)`,
        [
          JSON.stringify(payload),
          text,
          ...WEBHOOK_HEADERS.map((name) => headers[name]),
          ...checkSignature(text, headers, webhookSecret),
        ],
      );
      return c.json({ ok: true });
    }),
  );
  local.all(LOCAL_ROUTES.webhook, allow('POST, OPTIONS'));

  local.post(
    LOCAL_ROUTES.cspReports,
    ...receiveJson(async (c, body) => {
      // report-to sends an array of reports; report-uri one {"csp-report": ...} object.
      const reports = Array.isArray(body) ? body : [body];
      for (const report of reports.slice(0, 100)) {
        await db.query('insert into local_stack.csp_reports (report) values ($1::jsonb)', [
          JSON.stringify(report),
        ]);
      }
      return c.body(null, 204);
    }),
  );
  local.on(['GET', 'PUT', 'PATCH', 'DELETE'], LOCAL_ROUTES.cspReports, allow('POST'));
  readOnly(LOCAL_ROUTES.cspReportsJson, async (c) => c.json(await listCspReports(db)));

  readOnly(LOCAL_ROUTES.leadsJson, async (c) => c.json(await listSubmissions(db)));
  readOnly(LOCAL_ROUTES.callbacksJson, async (c) => c.json(await listCallbacks(db)));
  readOnly(LOCAL_ROUTES.callReportsJson, async (c) => c.json(await listCallReports(db)));
  readOnly(LOCAL_ROUTES.vapiCallsJson, async (c) =>
    c.json((await listVapiCalls(db)).map(({ path, body }) => ({ path, body }))),
  );
  readOnly(LOCAL_ROUTES.webhookDeliveriesJson, async (c) => c.json(await listDeliveries(db)));
  readOnly(LOCAL_ROUTES.eventsJson, async (c) => c.json(await listEvents(db)));

  readOnly(LOCAL_ROUTES.inbox, async (c) => {
    const [submissions, callbacks, deliveries, reports, callReports, events] = await Promise.all([
      listSubmissions(db),
      listCallbacks(db),
      listDeliveries(db),
      listCspReports(db),
      listCallReports(db),
      listEvents(db),
    ]);
    const reportsFor = (key: 'callback_id' | 'visit_id', id: string | null | undefined) =>
      id
        ? callReports
            .filter((report) => report[key] === id)
            .map(reportLine)
            .join('')
        : '';
    const callbackRows = callbacks
      .map(
        (cb) =>
          `<tr><td>${escapeHtml(pacific(cb.created_at))}</td><td>${escapeHtml(cb.phone)}</td><td>${escapeHtml(cb.status)}${cb.error ? `<br><small>${escapeHtml(cb.error)}</small>` : ''}</td><td>${escapeHtml(cb.estimate === null ? '' : `$${cb.estimate}`)} ${escapeHtml(cb.page ?? '')}</td><td>${escapeHtml(cb.consent_text)}<br><small>${escapeHtml(pacific(cb.consent_at))}</small></td><td><code>${escapeHtml(cb.id)}</code><br><small>Vapi ${escapeHtml(cb.vapi_call_id ?? '—')}</small></td></tr>${reportRow(reportsFor('callback_id', cb.id), 6)}`,
      )
      .join('');
    const rows = submissions
      .map(
        (s) =>
          `<tr><td>${escapeHtml(pacific(s.created_at))}</td>${LEAD_FIELDS.map((field) => `<td>${escapeHtml(s[field])}</td>`).join('')}<td>${escapeHtml(source(s))}</td><td><code>${escapeHtml(s.id)}</code></td></tr>${reportRow(reportsFor('visit_id', s.visit_id), LEAD_FIELDS.length + 3)}`,
      )
      .join('');
    const hooks = receivedRows(deliveries.map((d) => [d.received_at, d.payload, signatureLine(d)]));
    const violations = receivedRows(reports.map((r) => [r.received_at, r.report]));
    c.header('Cache-Control', 'no-store');
    return c.html(
      page(
        'Local leads inbox',
        `<h1>Local leads inbox</h1>
<p>What the contact form stored in the embedded database and sent to the local webhook. Local mode only; a deployed site has neither.</p>
<h2>Funnel (this machine)</h2>
${funnelTable(funnelOf(events.map((e) => e.event)))}
<h2>Submissions (${submissions.length})</h2>
${table(['Created (Pacific)', ...LEAD_FIELDS.map((field) => `${field[0]!.toUpperCase()}${field.slice(1)}`), 'Source', 'id'], rows, 'No submissions yet.')}
<h2>Callbacks (${callbacks.length})</h2>
${table(['Asked (Pacific)', 'Phone', 'Call', 'Source', 'Consent', 'id'], callbackRows, 'No callbacks yet.')}
<h2>Webhook deliveries (${deliveries.length})</h2>
${table(['Received', 'Payload'], hooks, 'No deliveries yet.')}
<h2>Content-Security-Policy reports (${reports.length})</h2>
${table(['Received', 'Report'], violations, 'No violations reported.')}`,
      ),
    );
  });

  readOnly(LOCAL_ROUTES.demoVideo, (c) =>
    c.html(
      page(
        'Demo video (local placeholder)',
        `<h1>Demo video</h1><p>This placeholder stands in for your demo video. Set <code>VITE_DEMO_VIDEO_URL</code> to its address and run <code>npm start</code> again.</p>`,
      ),
    ),
  );

  return local;
}
