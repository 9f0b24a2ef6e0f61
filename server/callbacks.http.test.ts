import { describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS } from '../supabase/functions/_shared/contracts/callback';
import { CALLBACK_CALL_WORDS } from '../supabase/functions/_shared/contracts/callback-call';
import { brand } from '../src/content/brand';
import { endOfCallReport, queuedCall } from '../supabase/functions/_shared/vapi/fixtures';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import { listCallbacks } from './inbox/local-routes';
import { asRequest } from './postgres/request-role';
import { listVapiCalls } from './vapi/vapi-stand-in';
import { callbackBody, listeningStackForTests, postToFunction, randomLead } from './tests/helpers';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const KEY = LOCAL_ANON_KEY_DEFAULT;
// Short waits for Vapi, so the "hangs" case takes a second, not the production eight.
// A lease of 2 s, so a claim the function left behind lapses within a test.
const local = listeningStackForTests(KEY, { VAPI_TIMEOUT_MS: '1000', CALLBACK_LEASE_SECONDS: '2' });

let numbers = 0;
/** A US number no other test of this file used (555-01xx numbers are fictional, valid ones are
 * needed: 415 area code, exchange 55x would be refused by libphonenumber-js as not real). */
function nextNumber(): string {
  numbers += 1;
  return `(415) 2${String(numbers).padStart(2, '0')}-${String(1000 + numbers).slice(-4)}`;
}

/** A callback body with a number of its own, the calculator's numbers and an estimate. */
const freshCallback = (extra: Record<string, unknown> = {}) =>
  callbackBody({
    phone: nextNumber(),
    estimate: 9000,
    variables: { leads: 30, value: 2000, delay: 2, rate: 15, estimate: 9000 },
    ...extra,
  });

async function request(
  body: unknown,
  { address, key = KEY }: { address?: string; key?: string | null } = {},
) {
  const response = await postToFunction(local.origin, 'request-callback', body, { address, key });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const callsFor = async (id: string) =>
  (await listVapiCalls(local.stack.db)).filter(
    (call) =>
      (call.body as { assistantOverrides?: { metadata?: { callback_id?: string } } })
        .assistantOverrides?.metadata?.callback_id === id,
  );
const rowOf = async (id: string) =>
  (await listCallbacks(local.stack.db)).find((row) => row.id === id);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${local.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
/** The webhook's deliveries and the stored call reports, as the local stack lists them. */
const listDeliveries = async () =>
  (await (await fetch(`${local.origin}${LOCAL_ROUTES.webhookDeliveriesJson}`)).json()) as {
    payload: { type?: string; id?: string; status?: string; vapi_call_id?: string };
  }[];
const listReports = async () =>
  (await (await fetch(`${local.origin}${LOCAL_ROUTES.callReportsJson}`)).json()) as {
    vapi_call_id: string;
    callback_id: string;
    visit_id: string;
    ended_reason: string;
  }[];
/** A web call started with Vapi's private key itself, not through the site: its id. */
async function webCallNotFromTheSite(request: Record<string, unknown>) {
  const made = await post(`${LOCAL_ROUTES.vapi}/call/web`, request, {
    authorization: 'Bearer local-vapi-private-key',
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

/** Runs `during` with a stand-in told to answer in `mode` (at its route), then back to `normal`. */
async function inMode(route: string, mode: string, normal: string, during: () => Promise<void>) {
  const set = (to: string) =>
    fetch(`${local.origin}${route}`, { method: 'POST', body: JSON.stringify({ mode: to }) });
  await set(mode);
  try {
    await during();
  } finally {
    await set(normal);
  }
}
const withVapi = (mode: string, during: () => Promise<void>) =>
  inMode(LOCAL_ROUTES.vapiMode, mode, 'ok', during);

describe('request-callback through the local stack (Deno, PGlite, the Vapi and Turnstile stand-ins)', () => {
  it('places the call, stores the callback as a lead and posts the webhook', async () => {
    const body = freshCallback();
    const answer = await request(body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({
      status: 'calling',
      id: body.id,
      // The ticket that reads the call's report (server/call-reports.http.test.ts).
      report: { id: body.id, key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const [call] = await callsFor(body.id);
    expect(call?.body).toMatchObject({
      assistantId: 'test-assistant',
      phoneNumberId: 'local-phone-number',
      customer: { number: expect.stringMatching(/^\+1415/) },
      assistantOverrides: { maxDurationSeconds: 180, variableValues: { estimate: 9000 } },
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ status: 'calling', vapi_call_id: call?.call_id, country: 'US' });
    const source = await local.stack.db.query<{ address_source: string }>(
      'select address_source from public.callback_requests where id = $1',
      [body.id],
    );
    expect(source.rows[0]?.address_source).toBe('x-forwarded-for');
    expect(row?.consent_text).toBe(CONSENT_VERSIONS['2026-11-23']);
    await expect
      .poll(async () => (await rowOf(body.id))?.webhook_status, { timeout: 5_000 })
      .toBe('delivered');
    const deliveries = await listDeliveries();
    expect(deliveries).toContainEqual(
      expect.objectContaining({
        payload: expect.objectContaining({ type: 'callback', id: body.id }),
      }),
    );
  });

  it('refuses a request without the anon key (401) and anon cannot read or write callbacks', async () => {
    expect((await request(freshCallback(), { key: null })).status).toBe(401);
    // The grants, tried as the data API runs a request with the anon key.
    for (const sql of [
      'select * from public.callback_requests',
      `insert into public.callback_requests (id, phone, country, client_bucket, consent_text, consent_at)
       values (gen_random_uuid(), '+14155550100', 'US', 'x', 'yes', now())`,
      "update public.callback_requests set status = 'calling'",
    ]) {
      await expect(
        asRequest(local.stack.db, { method: 'POST', path: '/', headers: {} }, (tx) =>
          tx.query(sql),
        ),
      ).rejects.toMatchObject({ code: '42501' });
    }
    const claim = await fetch(`${local.origin}/rest/v1/rpc/callback_claim`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request: freshCallback() }),
    });
    expect(claim.status).toBe(401);
  });

  it('gives 20 concurrent requests for one number one call', async () => {
    const phone = nextNumber();
    const bodies = Array.from({ length: 20 }, () => freshCallback({ phone }));
    const answers = await Promise.all(bodies.map((body) => request(body)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
    const calls = (await listVapiCalls(local.stack.db)).filter((call) =>
      JSON.stringify(call.body).includes(answers.find((a) => a.status === 202)!.body.id as string),
    );
    expect(calls).toHaveLength(1);
  });

  it('gives 10 concurrent retries of one request id one call', async () => {
    const body = freshCallback();
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(body)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(await callsFor(body.id)).toHaveLength(1);
  });

  it('holds 3 requests per client address per hour, IPv6 counted per /48 (any of its /64s)', async () => {
    const address = '2001:db8:aaaa:bbbb::1';
    const spellings = [
      '2001:DB8:AAAA:BBBC::2',
      '2001:0db8:aaaa:0001:0:0:0:3',
      '2001:db8:aaaa:ffff::4',
    ];
    const answers = [];
    for (const from of [address, ...spellings])
      answers.push(await request(freshCallback(), { address: from }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429]);
    expect(answers[3]?.body.code).toBe('limited');
    expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('refuses a failed bot check with 403 and calls nobody', async () => {
    await inMode(LOCAL_ROUTES.turnstileMode, 'fail', 'pass', async () => {
      const body = freshCallback();
      const answer = await request(body);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('captcha_failed');
      expect(await callsFor(body.id)).toHaveLength(0);
      expect(await rowOf(body.id)).toBeUndefined();
    });
  });

  // Vapi in a mode for the first press (502, its code, the callback's status), then a retry of
  // the same id with Vapi back to normal: what it answers, and how many calls were ever made.
  for (const { what, mode, first, retry } of [
    {
      what: 'Vapi refusing gives 502; a retry of the same id calls once it accepts',
      mode: 'reject',
      first: { code: 'call_failed', status: 'failed' },
      retry: { status: 202, code: undefined, calls: 1, attempts: 2 },
    },
    {
      what: 'Vapi failing (500) gives 502 and no call',
      mode: 'fail',
      first: { code: 'call_uncertain', status: 'unknown' },
      retry: { status: 502, code: 'call_uncertain', calls: 0 },
    },
    {
      what: 'Vapi hanging gives 502, and that id is never called again',
      mode: 'hang',
      first: { code: 'call_uncertain', status: 'unknown' },
      retry: { status: 502, code: 'call_uncertain', calls: 0 },
    },
    {
      what: 'Vapi creating the call and then answering 504: one press and its retry ring the number once',
      mode: 'created-then-504',
      first: { code: 'call_uncertain', status: 'unknown' },
      retry: { status: 502, code: 'call_uncertain', calls: 1 },
    },
  ])
    it(what, async () => {
      const body = freshCallback();
      await withVapi(mode, async () => {
        const answer = await request(body);
        expect([answer.status, answer.body.code]).toEqual([502, first.code]);
        expect((await rowOf(body.id))?.status).toBe(first.status);
      });
      const again = await request(body);
      expect([again.status, again.body.code]).toEqual([retry.status, retry.code]);
      expect(await callsFor(body.id)).toHaveLength(retry.calls);
      if (retry.attempts) expect((await rowOf(body.id))?.attempts).toBe(retry.attempts);
    });

  it('a function killed mid-call (kill -9): the retry is told the call may have been placed, none is placed, the owner hears of it', async () => {
    const body = freshCallback();
    await withVapi('hang', async () => {
      const first = request(body);
      await expect.poll(async () => (await rowOf(body.id))?.status).toBe('pending');
      await local.stack.functions!.kill('request-callback');
      expect((await first).status).toBe(502);
    });
    // Until the lease runs out the claim is still being placed, as far as anyone can tell.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const again = await request(body);
    expect(again.status).toBe(502);
    expect(again.body.code).toBe('call_uncertain');
    expect((await rowOf(body.id))?.status).toBe('unknown');
    expect(await callsFor(body.id)).toHaveLength(0);
    await expect
      .poll(async () => {
        const deliveries = await listDeliveries();
        return deliveries.find((d) => d.payload.id === body.id)?.payload.status;
      })
      .toBe('uncertain');
  });
});

describe('call reports through the local stack', () => {
  it('runs the loop: callback, call, end-of-call report stored once, forwarded once, in the inbox', async () => {
    const body = freshCallback();
    expect((await request(body)).status).toBe(202);
    const [call] = await callsFor(body.id);
    // Vapi delivers the report, then delivers it again.
    for (let i = 0; i < 2; i += 1) {
      const sent = await post(LOCAL_ROUTES.vapiCallEnd(call!.call_id), {});
      expect(await sent.json()).toMatchObject({ delivered: true, status: 200 });
    }
    const reports = await listReports();
    const ours = reports.filter((report) => report.vapi_call_id === call!.call_id);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      callback_id: body.id,
      visit_id: body.visit_id,
      ended_reason: 'customer-ended-call',
    });
    await expect
      .poll(async () => {
        const deliveries = await listDeliveries();
        return deliveries.filter(
          (d) => d.payload.type === 'call_report' && d.payload.vapi_call_id === call!.call_id,
        ).length;
      })
      .toBe(1);
    const inbox = await (await fetch(`${local.origin}${LOCAL_ROUTES.inbox}`)).text();
    expect(inbox).toContain('Call report');
    const fixture = endOfCallReport(queuedCall({}, { id: 'x', orgId: 'y' }), new Date());
    expect(inbox).toContain(fixture.message.analysis.summary);
  });

  it('does not store the report of a call the site never started: counted, not forwarded, and 200 for Vapi', async () => {
    // A call started with the key itself (as a page in public-key mode, or a stranger with its
    // key, does): the stand-in records it, none of the site's tables knows it.
    const id = await webCallNotFromTheSite({ assistantId: 'test-assistant' });
    const refusedBefore = async () =>
      Number(
        (
          await local.stack.db.query<{ refused: number }>(
            "select coalesce(sum(refused), 0)::integer as refused from private.unknown_reports where kind = 'webCall'",
          )
        ).rows[0]?.refused,
      );
    const before = await refusedBefore();
    const sent = await post(LOCAL_ROUTES.vapiCallEnd(id), {});
    expect(await sent.json()).toEqual({
      delivered: true,
      status: 200,
      answer: { ok: true, stored: false, refused: true },
    });
    expect(await refusedBefore()).toBe(before + 1);
    const reports = await listReports();
    expect(reports.some((report) => report.vapi_call_id === id)).toBe(false);
    // A forward would go after the answer: give it time to arrive, then see none did.
    await new Promise((done) => setTimeout(done, 500));
    const deliveries = await listDeliveries();
    expect(deliveries.some((d) => d.payload.vapi_call_id === id)).toBe(false);
  });

  it("answers a report over vapi-events' limit with its own 413, whether or not its length is sent", async () => {
    const big = JSON.stringify({
      message: { type: 'end-of-call-report', pad: 'x'.repeat(1_500_000) },
    });
    const bytes = new TextEncoder().encode(big);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < bytes.length; sent += 65_536) {
          controller.enqueue(bytes.slice(sent, sent + 65_536));
        }
        controller.close();
      },
    });
    for (const body of [big, chunked]) {
      const answer = await fetch(`${local.origin}/functions/v1/vapi-events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-vapi-secret': 'local-vapi-webhook-secret',
        },
        body,
        ...({ duplex: 'half' } as object),
      });
      const text = await answer.text();
      expect(answer.status, text).toBe(413);
      expect((JSON.parse(text) as { code: string }).code).toBe('too_large');
    }
  });

  it('refuses a report without the right x-vapi-secret (no Supabase key needed to reach it)', async () => {
    for (const headers of [{}, { 'x-vapi-secret': 'guess' }] as Record<string, string>[]) {
      const answer = await post(
        '/functions/v1/vapi-events',
        { message: { type: 'end-of-call-report', call: { id: 'forged' } } },
        headers,
      );
      expect(answer.status).toBe(401);
    }
    const reports = await listReports();
    expect(reports.some((report) => report.vapi_call_id === 'forged')).toBe(false);
  });
});

describe("a callback's do_not_call through the local stack", () => {
  /** A callback placed: its body, its call as the stand-in recorded it, its number in E.164. */
  async function placed() {
    const body = freshCallback();
    expect((await request(body)).status).toBe(202);
    const [call] = await callsFor(body.id);
    const phone = (await rowOf(body.id))?.phone;
    expect(phone).toMatch(/^\+1415/);
    return { body, call: call!, phone: phone! };
  }
  /** A day on: the per-number limit would let the number be rung again. */
  const aDayOn = (id: string) =>
    local.stack.db.query(
      "update public.callback_requests set created_at = now() - interval '25 hours' where id = $1",
      [id],
    );
  const listed = async (phone: string) =>
    (
      await local.stack.db.query('select note from public.callback_do_not_call where phone = $1', [
        phone,
      ])
    ).rows;

  it('the person says they did not ask: the call lists the number, and a later request for it is refused and rings nobody', async () => {
    const { body, call, phone } = await placed();
    // The call opened with the business's name and the offer to stop, and carried the tool.
    expect(call.body).toMatchObject({
      assistantOverrides: {
        firstMessage: expect.stringContaining(`the assistant for ${brand.name}.`),
        firstMessageMode: 'assistant-speaks-first',
        'tools:append': [{ type: 'function', function: { name: 'do_not_call' } }],
      },
    });
    // Its model calls do_not_call: Vapi's tool-calls message, to vapi-events.
    const sent = await post(LOCAL_ROUTES.vapiCallToolCalls(call.call_id), { name: 'do_not_call' });
    expect(await sent.json()).toMatchObject({
      delivered: true,
      status: 200,
      answer: {
        results: [
          {
            name: 'do_not_call',
            toolCallId: expect.any(String),
            result: CALLBACK_CALL_WORDS.resultListed,
          },
        ],
      },
    });
    expect(await listed(phone)).toEqual([{ note: `asked on the call ${call.call_id}` }]);
    // Vapi sending it again adds nothing twice.
    await post(LOCAL_ROUTES.vapiCallToolCalls(call.call_id), { name: 'do_not_call' });
    expect(await listed(phone)).toHaveLength(1);

    await aDayOn(body.id);
    const later = freshCallback({ phone: body.phone });
    const refused = await request(later);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('limited');
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await callsFor(later.id)).toHaveLength(0);
    expect(await rowOf(later.id)).toBeUndefined();
  });

  it('without the tool call, the same number a day on is rung again (what the list changes)', async () => {
    const { body } = await placed();
    await aDayOn(body.id);
    const later = freshCallback({ phone: body.phone });
    expect((await request(later)).status).toBe(202);
    expect(await callsFor(later.id)).toHaveLength(1);
  });

  it('a call the site did not place gets an error result and lists nothing; a tool the call lacks is never called', async () => {
    // A web call started with the key itself (the public-key profile's), given the tool.
    const id = await webCallNotFromTheSite({
      assistantId: 'test-assistant',
      assistantOverrides: {
        'tools:append': [{ type: 'function', function: { name: 'do_not_call' } }],
      },
    });
    const before = await local.stack.db.query('select phone from public.callback_do_not_call');
    const sent = await post(LOCAL_ROUTES.vapiCallToolCalls(id), { name: 'do_not_call' });
    expect(await sent.json()).toMatchObject({
      delivered: true,
      status: 200,
      answer: { results: [{ name: 'do_not_call', error: CALLBACK_CALL_WORDS.resultNotListed }] },
    });
    const after = await local.stack.db.query('select phone from public.callback_do_not_call');
    expect(after.rows).toEqual(before.rows);
    // The stand-in's model has only the tools its call was given.
    const { call } = await placed();
    expect(
      (await post(LOCAL_ROUTES.vapiCallToolCalls(call.call_id), { name: 'transfer' })).status,
    ).toBe(409);
  });
});

describe('a call that follows a lead, through the local stack (submit-lead, then request-callback)', () => {
  /** A lead stored as the contact form sends it in server mode (submit-lead): the lead. */
  async function storedLead() {
    const lead = randomLead({
      name: 'Dana Lee',
      phone: nextNumber(),
      company: 'Lee Roofing',
      message: 'We miss calls after 5 pm.\nCan the agent take them?',
    });
    const stored = await postToFunction(
      local.origin,
      'submit-lead',
      { ...lead, captcha: 'XXXX.DUMMY.TOKEN.XXXX' },
      { key: KEY },
    );
    expect(stored.status, await stored.clone().text()).toBe(201);
    return lead;
  }
  /** The callback that follows `lead`: its id is the lead's, its number the lead's. */
  const followUp = (lead: { id: string; phone: string }, extra: Record<string, unknown> = {}) =>
    freshCallback({
      id: lead.id,
      phone: lead.phone,
      follows_lead: true,
      pressed_ms: 900,
      ...extra,
    });

  it("places one call whose variables carry the lead's name, company and message, greeting them by name", async () => {
    const lead = await storedLead();
    const answer = await request(followUp(lead));
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const calls = await callsFor(lead.id);
    expect(calls).toHaveLength(1);
    const overrides = (
      calls[0]!.body as {
        assistantOverrides: { variableValues: Record<string, unknown>; firstMessage: string };
      }
    ).assistantOverrides;
    expect(overrides.variableValues).toEqual({
      leads: 30,
      value: 2000,
      delay: 2,
      rate: 15,
      estimate: 9000,
      lead_name: 'Dana Lee',
      lead_company: 'Lee Roofing',
      lead_message: 'We miss calls after 5 pm. Can the agent take them?',
    });
    expect(overrides.firstMessage).toMatch(/^Hi Dana, this is the AI assistant for /);
    // The row keeps the lead it follows and the press's offset; the webhook names the lead.
    const row = await local.stack.db.query<{
      lead_id: string;
      pressed_ms: number;
      requested: boolean;
    }>(
      `select lead_id, pressed_ms, requested_at <= consent_at as requested
         from public.callback_requests where id = $1`,
      [lead.id],
    );
    expect(row.rows).toEqual([{ lead_id: lead.id, pressed_ms: 900, requested: true }]);
    await expect
      .poll(
        async () =>
          (await listDeliveries()).find(
            (delivery) => delivery.payload.type === 'callback' && delivery.payload.id === lead.id,
          )?.payload,
        { timeout: 5_000 },
      )
      .toMatchObject({ lead_id: lead.id });

    // The same lead again (a second press, a retry): answered, and no second call.
    const again = await request(followUp(lead));
    expect(again.status).toBe(202);
    expect(await callsFor(lead.id)).toHaveLength(1);
  });

  it('a lead id never stored, or a lead with another number: 400 lead_not_found, nobody rung', async () => {
    const madeUp = { id: crypto.randomUUID(), phone: nextNumber() };
    const lead = await storedLead();
    for (const body of [followUp(madeUp), followUp(lead, { phone: nextNumber() })]) {
      const answer = await request(body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('lead_not_found');
      expect(await callsFor(body.id)).toEqual([]);
      expect(await rowOf(body.id)).toBeUndefined();
    }
  });
});
