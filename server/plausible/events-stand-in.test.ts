import type { PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { describe, expect, it } from 'vitest';
import { LOCAL_ROUTES } from '../../src/lib/local-stack-routes';
import { twoTrades } from '../../src/test/trades';
import { localStackForTests } from '../tests/helpers';
import { EVENT_MAX_BYTES, funnelOf, parseEvent, type StoredEvent } from './events-stand-in';

const local = localStackForTests('events-key');

/** A trade's page of site.config.ts, whichever it is. */
const [{ path: TRADE_PAGE, slug }] = twoTrades();

/** Sends an event as Plausible's library does: a text/plain POST of its JSON. */
const sendEvent = (body: unknown) =>
  local.stack.app.request(`http://localhost${LOCAL_ROUTES.events}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const event = (n: string, path: string, p?: Record<string, string>): PlausibleRequestPayload => ({
  n,
  u: `http://localhost:4173${path}`,
  d: 'localhost',
  r: null,
  ...(p ? { p } : {}),
});

describe("the local stand-in for Plausible's events API", () => {
  it('answers 202 ok, keeps each event as sent and lists it', async () => {
    const answer = await sendEvent(event('pageview', TRADE_PAGE));
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('ok');
    expect((await sendEvent(event('Estimate shown', TRADE_PAGE, { trade: slug }))).status).toBe(
      202,
    );
    const listed = (await (
      await local.stack.app.request(`http://localhost${LOCAL_ROUTES.eventsJson}`)
    ).json()) as StoredEvent[];
    expect(listed.map((stored) => stored.event).slice(-2)).toEqual([
      { n: 'pageview', u: `http://localhost:4173${TRADE_PAGE}`, d: 'localhost' },
      {
        n: 'Estimate shown',
        u: `http://localhost:4173${TRADE_PAGE}`,
        d: 'localhost',
        p: { trade: slug },
      },
    ]);
  });

  it('refuses what the real API refuses: no name, domain or absolute url, bad props, not JSON', async () => {
    for (const body of [
      { u: 'http://localhost/', d: 'localhost' },
      { n: 'pageview', u: 'http://localhost/' },
      { n: 'pageview', u: '/relative', d: 'localhost' },
      { n: 'x', u: 'http://localhost/', d: 'localhost', p: { nested: { a: 1 } } },
      '{not json',
    ]) {
      expect((await sendEvent(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await sendEvent('x'.repeat(EVENT_MAX_BYTES + 1))).status).toBe(413);
    // The documented long spelling is taken too.
    expect(
      parseEvent({ name: 'pageview', url: 'https://a.example/', domain: 'a.example' }),
    ).toEqual({ n: 'pageview', u: 'https://a.example/', d: 'a.example' });
  });

  it('the inbox shows the funnel: visits, then each step, by trade', async () => {
    const steps = funnelOf([
      event('pageview', '/'),
      event('pageview', TRADE_PAGE),
      event('Estimate shown', TRADE_PAGE, { trade: slug }),
      event('Demo call started', '/', { trade: 'none' }),
      event('Demo call ended', '/', { trade: 'none', minutes: '0-1', ended: 'normal' }),
      event('Lead sent', TRADE_PAGE, { trade: slug, with_estimate: 'yes', after_demo: 'no' }),
    ]);
    expect(steps.map(({ step, count }) => [step, count])).toEqual([
      ['Visits', 2],
      ['Estimate shown', 1],
      ['Demo call started', 1],
      ['Chat started', 0],
      ['Callback requested', 0],
      ['Lead sent', 1],
    ]);
    expect(steps[0]!.byTrade).toEqual({ none: 1, [slug]: 1 });
    const inbox = await (
      await local.stack.app.request(`http://localhost${LOCAL_ROUTES.inbox}`)
    ).text();
    expect(inbox).toContain('<h2>Funnel (this machine)</h2>');
    expect(inbox).toMatch(new RegExp(`<td>Estimate shown</td><td>\\d+</td><td>${slug} \\d+</td>`));
  });
});
