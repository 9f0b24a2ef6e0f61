import type { PGlite } from '@electric-sql/pglite';
import type { PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { FUNNEL_EVENTS } from '../../src/lib/funnel-events';
import { tradeOfPath } from '../../src/lib/trade';
import { isoUtc, rowsOf } from '../postgres/database';
import { isObject, parseJson } from '../postgrest/postgrest-errors';

/**
 * Plausible's events API (plausible.io/docs/events-api): the library's short names (`n`, `u`,
 * …) and the documented long ones are both taken. Narrower than Plausible: no visitor counting
 * (each page view is a visit), no revenue, no goals.
 */

/** Plausible's own bodies are well under 2 KB. */
export const EVENT_MAX_BYTES = 8 * 1024;
const MAX_PROPS = 30;

/** The event, or why the real API would refuse it. */
export function parseEvent(raw: unknown): PlausibleRequestPayload | string {
  if (!isObject(raw)) return 'not a JSON object';
  const n = raw.n ?? raw.name;
  const u = raw.u ?? raw.url;
  const d = raw.d ?? raw.domain;
  const r = raw.r ?? raw.referrer;
  const p = raw.p ?? raw.props;
  if (typeof n !== 'string' || n === '' || n.length > 120) return 'name is required';
  if (typeof d !== 'string' || d === '') return 'domain is required';
  if (typeof u !== 'string' || !URL.canParse(u)) return 'url must be an absolute URL';
  if (r !== undefined && r !== null && typeof r !== 'string') return 'referrer must be a string';
  const event: PlausibleRequestPayload = { n, u, d };
  if (typeof r === 'string') event.r = r;
  if (typeof raw.i === 'boolean') event.i = raw.i;
  if (p !== undefined && p !== null) {
    if (!isObject(p)) return 'props must be an object';
    const entries = Object.entries(p);
    if (entries.length > MAX_PROPS) return `props may hold at most ${MAX_PROPS} keys`;
    if (entries.some(([, value]) => !['string', 'number', 'boolean'].includes(typeof value)))
      return 'props values must be strings, numbers or booleans';
    event.p = Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
  }
  return event;
}

export interface StoredEvent {
  seq: number;
  received_at: string;
  event: PlausibleRequestPayload;
}

export const listEvents = (db: PGlite) =>
  rowsOf<StoredEvent>(
    db,
    `select seq::int as seq, ${isoUtc('received_at')}, event
       from local_stack.analytics_events order by seq`,
  );

export function funnelOf(events: PlausibleRequestPayload[]) {
  const steps = ['pageview', ...FUNNEL_EVENTS.filter((name) => name !== 'Demo call ended')];
  return steps.map((step) => {
    const matching = events.filter((event) => event.n === step);
    const byTrade: Record<string, number> = {};
    for (const event of matching) {
      // A page view carries no props: its trade is the page's.
      const trade = event.p?.trade ?? tradeOfPath(new URL(event.u).pathname)?.slug ?? 'none';
      byTrade[trade] = (byTrade[trade] ?? 0) + 1;
    }
    return { step: step === 'pageview' ? 'Visits' : step, count: matching.length, byTrade };
  });
}

export function createEventsStandIn(db: PGlite): Hono {
  const app = new Hono();
  app.use('/', cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'] }));
  app.post(
    '/',
    bodyLimit({
      maxSize: EVENT_MAX_BYTES,
      onError: (c) => c.json({ errors: { request: 'body too large' } }, 413),
    }),
    async (c) => {
      const body = parseJson(await c.req.text());
      if (body === undefined) return c.json({ errors: { request: 'body must be JSON' } }, 400);
      const event = parseEvent(body);
      if (typeof event === 'string') return c.json({ errors: { event } }, 400);
      await db.query('insert into local_stack.analytics_events (event) values ($1::jsonb)', [
        JSON.stringify(event),
      ]);
      return c.text('ok', 202);
    },
  );
  app.all('/', (c) => c.text('Method not allowed', 405, { Allow: 'POST, OPTIONS' }));
  return app;
}
