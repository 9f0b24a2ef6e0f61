/**
 * The lead path's guards over HTTP, against the local stack (the stand-in for Supabase's data
 * API runs each request as PostgREST does, so the migration decides).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forwardedFor, isLoopback } from './client-address';
import { listSubmissions } from './inbox/local-routes';
import { insertHeaders, localStackForTests, nextAddress, randomLead } from './tests/helpers';

const KEY = 'guards-anon-key';
const local = localStackForTests(KEY);
const headers = (extra: Record<string, string> = {}) => insertHeaders(KEY, extra);
const post = (body: unknown, extra: Record<string, string> = {}, query = '') =>
  local.stack.app.request(`/rest/v1/contact_submissions${query}`, {
    method: 'POST',
    headers: headers(extra),
    body: JSON.stringify(body),
  });
const storedIds = async () => new Set((await listSubmissions(local.stack.db)).map((row) => row.id));

describe('the guards of the lead path, over HTTP', () => {
  it('refuses a two-row insert with 400 LG001 and stores neither row', async () => {
    const rows = [randomLead(), randomLead()];
    const response = await post(rows);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'LG001',
      message: 'One submission per request',
      details: 'The body must be one JSON object, not an array of them.',
      hint: null,
    });
    const ids = await storedIds();
    expect(rows.some((row) => ids.has(row.id))).toBe(false);
  });

  it('stores created_at of infinity or 2099 as the server time', async () => {
    for (const created_at of ['infinity', '2099-06-01T00:00:00Z']) {
      const lead = randomLead({ created_at });
      expect((await post(lead)).status).toBe(201);
      const row = (await listSubmissions(local.stack.db)).find((r) => r.id === lead.id);
      expect(Math.abs(Date.parse(row?.created_at ?? '') - Date.now())).toBeLessThan(60_000);
    }
  });

  it.each([
    ['a name of tabs and spaces', { name: '\t \t ' }],
    ['a message of ideographic spaces', { message: '\u3000\u3000' }],
    ['an email with two @', { email: 'a@b@example.com' }],
  ])('refuses %s (401, the insert policy) and stores nothing', async (_what, change) => {
    const lead = randomLead(change);
    const response = await post(lead);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: '42501' });
    expect((await storedIds()).has(lead.id)).toBe(false);
  });

  it('answers the sixth submission in 10 minutes from one address with 429 and Retry-After', async () => {
    const from = { 'x-forwarded-for': nextAddress() };
    for (let i = 0; i < 5; i += 1) expect((await post(randomLead(), from)).status).toBe(201);
    const lead = randomLead();
    const response = await post(lead, from);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('600');
    expect(await response.json()).toEqual({
      code: 'LG002',
      message: 'Too many submissions from this address',
      details: 'At most 5 are accepted in 10 minutes.',
      hint: 'Wait a few minutes, then send again.',
    });
    expect((await storedIds()).has(lead.id)).toBe(false);
    // A forged entry on the left of X-Forwarded-For does not make a new address.
    const forged = { 'x-forwarded-for': `203.0.113.77, ${from['x-forwarded-for']}` };
    expect((await post(randomLead(), forged)).status).toBe(429);
    expect((await post(randomLead())).status).toBe(201);
  });

  it('holds the whole table to its hourly ceiling whatever the addresses (429 LG003)', async () => {
    const recent = await local.stack.db.query<{ n: number }>(
      `select count(*)::int as n from private.lead_arrivals where arrived_at > now() - interval '1 hour'`,
    );
    await local.stack.db.query('update private.lead_guard_settings set table_max = $1', [
      (recent.rows[0]?.n ?? 0) + 1,
    ]);
    try {
      expect((await post(randomLead())).status).toBe(201);
      const response = await post(randomLead());
      expect(response.status).toBe(429);
      expect(await response.json()).toMatchObject({ code: 'LG003' });
    } finally {
      await local.stack.db.query('update private.lead_guard_settings set table_max = 1000');
    }
  });

  it('refuses an upsert as hosted Supabase does for anon (401), changing nothing', async () => {
    const lead = randomLead();
    expect((await post(lead)).status).toBe(201);
    for (const resolution of ['merge-duplicates', 'ignore-duplicates']) {
      const response = await post(
        { ...lead, message: 'overwritten' },
        { prefer: `resolution=${resolution}` },
        '?on_conflict=id',
      );
      expect(response.status, resolution).toBe(401);
      expect(await response.json()).toMatchObject({ code: '42501' });
    }
    const row = (await listSubmissions(local.stack.db)).find((r) => r.id === lead.id);
    expect(row?.message).toBe(lead.message);
  });

  it('refuses an unfiltered PATCH or DELETE with 400, as pg-safeupdate does, changing nothing', async () => {
    const before = await listSubmissions(local.stack.db);
    for (const method of ['PATCH', 'DELETE']) {
      const response = await local.stack.app.request('/rest/v1/contact_submissions', {
        method,
        headers: headers(),
        ...(method === 'PATCH' ? { body: JSON.stringify({ message: 'x' }) } : {}),
      });
      expect(response.status, method).toBe(400);
      expect(await response.json()).toEqual({
        code: '21000',
        message: `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
        details: null,
        hint: null,
      });
    }
    expect(await listSubmissions(local.stack.db)).toEqual(before);
  });

  it('answers 409 23505 naming the primary key for a repeated id', async () => {
    const lead = randomLead();
    expect((await post(lead)).status).toBe(201);
    const again = await post(lead);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: '23505',
      message: expect.stringContaining('contact_submissions_pkey'),
    });
  });
});

describe('the client address the local stack hands to Postgres', () => {
  it('keeps what a proxy on this machine sent, and appends any other peer on the right', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('192.168.1.5')).toBe(false);
    expect(forwardedFor('198.51.100.4', '127.0.0.1')).toBe('198.51.100.4');
    expect(forwardedFor(undefined, '::1')).toBe('::1');
    expect(forwardedFor('1.2.3.4', '192.168.1.5')).toBe('1.2.3.4, 192.168.1.5');
    expect(forwardedFor(undefined, '192.168.1.5')).toBe('192.168.1.5');
  });

  it('over a real socket from loopback: the X-Forwarded-For sent is the key', async () => {
    let server: ServerType | undefined;
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: local.stack.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve((info as AddressInfo).port),
      );
    });
    try {
      const address = nextAddress();
      const send = () =>
        fetch(`http://127.0.0.1:${port}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: headers({ 'x-forwarded-for': address }),
          body: JSON.stringify(randomLead()),
        });
      for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
      // The loopback peer with another X-Forwarded-For is another client.
      const other = await fetch(`http://127.0.0.1:${port}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(randomLead()),
      });
      expect(other.status).toBe(201);
    } finally {
      await new Promise((resolve) => server?.close(resolve));
    }
  });
});
