/**
 * start-web-call through the local stack, as a page and a stranger reach it: the function (Deno),
 * its claims in the database, the Vapi stand-in's POST /call/web and its end-of-call report, with
 * the anon key over HTTP. Each limit holds under 50 requests at once, and says which it was.
 */
import { describe, expect, it } from 'vitest';
import type { WebCallAnswer } from '../supabase/functions/_shared/contracts/web-call';
import { endOfCallReport, queuedWebCall } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import type { WebhookDelivery } from './inbox/local-routes';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import {
  listeningStackForTests,
  nextAddress,
  postToFunction,
  postVapiEvent,
} from './tests/helpers';

const KEY = LOCAL_ANON_KEY_DEFAULT;

function stackWith(secrets: Record<string, string> = {}) {
  const local = listeningStackForTests(KEY, secrets);
  const start = async (address = nextAddress(), extra: Record<string, unknown> = {}) => {
    const response = await postToFunction(
      local.origin,
      'start-web-call',
      {
        id: crypto.randomUUID(),
        captcha: 'XXXX.DUMMY.TOKEN.XXXX',
        visit_id: crypto.randomUUID(),
        variables: null,
        ...extra,
      },
      { address, key: KEY },
    );
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Partial<WebCallAnswer> & { code?: string; limit?: string },
    };
  };
  const end = (callId: string) =>
    fetch(`${local.origin}${LOCAL_ROUTES.vapiCallEnd(callId)}`, { method: 'POST' });
  const json = async <T>(path: string) =>
    (await (await fetch(`${local.origin}${path}`)).json()) as T;
  return { local, start, end, json };
}

describe('start-web-call through the local stack', () => {
  const { start, end, json } = stackWith();

  it('starts a call the page can join, with its own settings; the report joins it to the visit and frees its place', async () => {
    const visit = crypto.randomUUID();
    const answer = await start(nextAddress(), {
      visit_id: visit,
      assistantOverrides: { maxDurationSeconds: 43_200 },
      variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.webCallUrl).toMatch(/^https:\/\/vapi\.daily\.co\//);
    const calls = await json<{ path: string; body: CreateWebCallBody }[]>(
      LOCAL_ROUTES.vapiCallsJson,
    );
    const ours = calls.filter((call) => call.body.assistantOverrides?.metadata?.visit_id === visit);
    expect(ours).toEqual([
      {
        path: '/call/web',
        body: {
          assistantId: 'test-assistant',
          assistantOverrides: {
            maxDurationSeconds: 180,
            variableValues: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10_000 },
            metadata: { visit_id: visit, web_call_id: expect.any(String) },
          },
        },
      },
    ]);
    expect((await end(answer.body.id!)).status).toBe(200);
    const reports = await json<{ vapi_call_id: string; kind: string; visit_id: string }[]>(
      LOCAL_ROUTES.callReportsJson,
    );
    expect(reports.find((report) => report.vapi_call_id === answer.body.id)).toMatchObject({
      kind: 'webCall',
      visit_id: visit,
    });
  });

  it('two steps: reserved on intent (no call), made at the press without a token; an id never reserved is refused', async () => {
    const address = nextAddress();
    const visit = crypto.randomUUID();
    const id = crypto.randomUUID();
    const callsOfVisit = async () =>
      (await json<{ body: CreateWebCallBody }[]>(LOCAL_ROUTES.vapiCallsJson)).filter(
        (call) => call.body.assistantOverrides?.metadata?.visit_id === visit,
      );
    const reserved = await start(address, { id, visit_id: visit, intent: true });
    expect(reserved).toMatchObject({
      status: 200,
      body: { reserved: true, expires_in_seconds: 60 },
    });
    expect(await callsOfVisit()).toEqual([]);
    // Another client cannot press it, and a press of an id never reserved is refused: no call.
    const press = { id, visit_id: visit, captcha: undefined };
    for (const [from, body] of [
      [nextAddress(), press],
      [address, { ...press, id: crypto.randomUUID() }],
    ] as const) {
      const refused = await start(from, body);
      expect(refused).toMatchObject({ status: 403, body: { code: 'captcha_failed' } });
    }
    expect(await callsOfVisit()).toEqual([]);
    const answer = await start(address, press);
    expect(answer.status).toBe(200);
    expect(answer.body.webCallUrl).toMatch(/^https:\/\/vapi\.daily\.co\//);
    expect(await callsOfVisit()).toEqual([
      {
        path: '/call/web',
        body: {
          assistantId: 'test-assistant',
          assistantOverrides: {
            maxDurationSeconds: 180,
            metadata: { visit_id: visit, web_call_id: id },
          },
        },
      },
    ]);
    // The same press again (a retry) is the same call, once recorded; never a second one.
    await expect.poll(async () => (await start(address, press)).body.id).toBe(answer.body.id);
    expect(await callsOfVisit()).toHaveLength(1);
    // The one-request form, as before, beside it.
    const oneRequest = await start(address);
    expect(oneRequest.status).toBe(200);
    for (const made of [answer, oneRequest]) expect((await end(made.body.id!)).status).toBe(200);
  });

  it('holds 3 calls per address and 3 at once under 50 requests at once, saying which limit', async () => {
    const oneAddress = await Promise.all(Array.from({ length: 50 }, () => start('203.0.113.77')));
    const started = oneAddress.filter((answer) => answer.status === 200);
    expect(started).toHaveLength(3);
    for (const refused of oneAddress.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'limited', limit: 'address' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // The three still run: nobody else gets a fourth.
    const meanwhile = await start();
    expect(meanwhile.body.limit).toBe('concurrent');
    for (const answer of started) await end(answer.body.id!);
    // Places free again, but not for that address.
    const again = await start('203.0.113.77');
    expect(again.status).toBe(429);
    expect(again.body.limit).toBe('address');
    const many = await Promise.all(Array.from({ length: 50 }, () => start()));
    expect(many.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(many.filter((answer) => answer.body.limit === 'concurrent')).toHaveLength(47);
  });
});

describe('start-web-call when the day is spent', () => {
  // Six minutes a day: two calls of three minutes.
  const { local, start, json } = stackWith({ WEB_CALL_DAILY_MINUTES: '6' });
  const budgetAlerts = async () =>
    (await json<WebhookDelivery[]>(LOCAL_ROUTES.webhookDeliveriesJson)).filter(
      (delivery) => (delivery.payload as { type?: string }).type === 'budget_spent',
    );

  it("starts no call past the day's minutes, says so with when to come back, and tells the owner once", async () => {
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(200);
    const spent = await start();
    expect(spent.status).toBe(429);
    expect(spent.body).toMatchObject({ code: 'limited', limit: 'minutes' });
    expect(Number(spent.retryAfter)).toBeGreaterThan(86_000);
    // The owner's signed budget_spent webhook, after the answer.
    await expect.poll(budgetAlerts, { timeout: 10_000 }).toHaveLength(1);
    const [alert] = await budgetAlerts();
    expect(alert!.signature).toBe('verified');
    expect(alert!.payload).toEqual({
      type: 'budget_spent',
      feature: 'minutes',
      limit: 6,
      resets_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const resets = Date.parse((alert!.payload as { resets_at: string }).resets_at);
    expect(Math.abs(resets - (Date.now() + Number(spent.retryAfter) * 1000))).toBeLessThan(60_000);
    // Three more refusals that day: each is counted on the day's row, none posts again (each
    // decides on its post once its count is in: the count reaching 4 means all have decided).
    for (let i = 0; i < 3; i += 1) expect((await start()).status).toBe(429);
    await expect
      .poll(async () => {
        const rows = await local.stack.db.query<{ refused: number }>(
          "select refused from private.budget_alerts where feature = 'minutes'",
        );
        return rows.rows.map((row) => row.refused);
      })
      .toEqual([4]);
    expect(await budgetAlerts()).toHaveLength(1);
  });
});

describe('a report claiming a call ran for ever', () => {
  // Six minutes a day: two calls of three minutes.
  const { local, start } = stackWith({ WEB_CALL_DAILY_MINUTES: '6' });

  it("counts the call's three minutes at most: the next visitor's call still starts", async () => {
    const first = await start();
    expect(first.status).toBe(200);
    const callId = first.body.id!;
    // Vapi's report of it, as anyone holding the Vapi secret could send it.
    const { message } = endOfCallReport(
      queuedWebCall({}, { id: callId, orgId: 'local-org' }),
      new Date(),
    );
    const sent = await postVapiEvent(local.origin, { ...message, durationSeconds: 1e308 });
    expect(await sent.json()).toEqual({ ok: true, stored: true });
    expect((await start()).status).toBe(200);
    // And the day still ends at its six minutes.
    expect((await start()).body).toMatchObject({ code: 'limited', limit: 'minutes' });
  });
});
