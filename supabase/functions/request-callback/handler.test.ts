// Deno tests of request-callback: the handler called with a Request, its services faked at
// their boundary (fetch for Cloudflare, Vapi and the webhook; the database's functions) by
// ../_shared/tests/services.ts.
import assert from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.1.1';
import type { CountryCode } from 'npm:libphonenumber-js@1.13.16/max';
import type { FakeAnswer } from '../_shared/tests/request.ts';
import {
  assertReportTicket,
  fakeServices,
  HOOKS,
  HOOKS_SECRET,
  TURNSTILE,
  VAPI,
} from '../_shared/tests/services.ts';
import { NOT_A_TRADE, twoTrades } from '../_shared/tests/trades.ts';
import { CONSENT_VERSIONS } from '../_shared/contracts/callback.ts';
import { CALLBACK_CALL_WORDS, doNotCallTool } from '../_shared/contracts/callback-call.ts';
import type { CreateCallBody, ToolsAppendItem } from '../_shared/vapi/types.ts';
import { createHandler } from './handler.ts';

const ID = '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
/** Cloudflare's answer for a token solved for this form on the site. */
const SOLVED = { success: true, action: 'callback', hostname: 'site.test' };
/** The business the agent names first (site.config.ts's name, as settings pass it). */
const BUSINESS = 'Harbor Solar & Sons';
/** Two different trades of site.config.ts. */
const [FIRST, SECOND] = twoTrades();

type Answer = FakeAnswer;

interface Fakes {
  turnstile?: Answer;
  vapi?: Answer;
  webhook?: Answer[];
  claim?: unknown;
  /** callback_lead's answer (an Error: the database failed). */
  lead?: unknown;
  /** The function's clock, given how many bot checks were asked for so far. */
  now?: (siteverifies: number) => Date;
  /** CALLBACK_COUNTRIES. */
  countries?: CountryCode[];
}

function harness(fakes: Fakes = {}) {
  const services = fakeServices({
    action: 'callback',
    turnstile: fakes.turnstile,
    webhook: fakes.webhook,
    vapi: (url) =>
      url === `${VAPI}/call`
        ? (fakes.vapi ?? Response.json({ id: 'call-1' }, { status: 201 }))
        : undefined,
    database: {
      callback_claim: fakes.claim ?? { outcome: 'call' },
      ...(fakes.lead === undefined ? {} : { callback_lead: fakes.lead }),
    },
    budgetResetsAt: '2026-11-24T05:06:40Z',
  });
  const handler = createHandler({
    ...services.settings,
    countries: fakes.countries ?? ['US', 'CA'],
    limits: { per_number_per_day: 1, per_address_per_hour: 3, per_day: 50, lease_seconds: 60 },
    vapi: { ...services.settings.vapi, phoneNumberId: 'phone-1', maxCallSeconds: 180 },
    businessName: BUSINESS,
    now: () =>
      fakes.now
        ? fakes.now(services.requests.filter((request) => request.url === TURNSTILE).length)
        : new Date('2026-11-23T18:00:00Z'),
  });
  const { requests, database } = services;
  return {
    handler,
    requests,
    database,
    to: (url: string) => requests.filter((request) => request.url === url),
    send: (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      services.send(handler, 'request-callback', body, headers),
  };
}

const valid = (extra: Record<string, unknown> = {}) => ({
  id: ID,
  phone: '(415) 555-2671',
  consent: true,
  consent_version: '2026-11-23',
  captcha: 'XXXX.DUMMY.TOKEN.XXXX',
  estimate: 12000,
  variables: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 12000 },
  page: '/',
  utm: { utm_source: 'google', evil: 'x' },
  visit_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  ...extra,
});

Deno.test('a number that cannot be a phone number is refused, and nothing is sent', async () => {
  for (const phone of ['12', 'not a number', '+1 555 0100', '9'.repeat(41)]) {
    const h = harness();
    const answer = await h.send(valid({ phone }));
    assert.equal(answer.status, 400, phone);
    assert.equal(answer.body.code, 'invalid_phone');
    assert.equal(h.requests.length, 0);
    assert.equal(h.database.length, 0);
  }
});

Deno.test(
  'stores the words of the consent version shown, never words the request carries',
  async () => {
    const h = harness();
    await h.send(valid({ consent_text: 'I did NOT consent \u202e' }));
    const claim = h.database.find((call) => call.name === 'callback_claim')!.request;
    assert.equal(claim.consent_text, CONSENT_VERSIONS['2026-11-23']);
    for (const consent_version of ['1999-01-01', undefined, 7, '__proto__', 'toString']) {
      const refused = harness();
      const answer = await refused.send(valid({ consent_version }));
      assert.equal(answer.status, 400, String(consent_version));
      assert.equal(answer.body.code, 'bad_request');
      assert.equal(refused.requests.length + refused.database.length, 0);
    }
  },
);

Deno.test('without consent nothing is checked or called', async () => {
  for (const consent of [false, 'true', undefined]) {
    const h = harness();
    const answer = await h.send(valid({ consent }));
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'consent_required');
    assert.equal(h.requests.length + h.database.length, 0);
  }
});

Deno.test(
  "only a line libphonenumber-js calls a person's is rung: premium, toll-free, personal, Canada's 600 (VoIP), pager, shared-cost are not",
  async () => {
    for (const phone of [
      '+1 900 555 0199', // premium rate
      '+1 800 555 0199', // toll free
      '+1 888 555 0142', // toll free
      '+1 500 555 0142', // personal number
      '+1 600 555 0142', // Canada's non-geographic services: the one +1 code classed VOIP
    ]) {
      const h = harness();
      const answer = await h.send(valid({ phone }));
      assert.equal(answer.status, 400, phone);
      assert.equal(answer.body.code, 'invalid_phone', phone);
      assert.equal(h.requests.length + h.database.length, 0);
    }
    for (const phone of ['(415) 555-2671', '+1 604 555 0142', '+1 212 555 0142']) {
      assert.equal((await harness().send(valid({ phone }))).status, 202, phone);
    }
    // Where a country has them: pagers and shared-cost lines are not a person's either.
    const countries: CountryCode[] = ['GB', 'FR', 'DE'];
    for (const phone of ['+44 7640 123456', '+33 8 10 12 34 56', '+49 1802 123456']) {
      const h = harness({ countries });
      const answer = await h.send(valid({ phone }));
      assert.equal(answer.body.code, 'invalid_phone', phone);
      assert.equal(h.requests.length + h.database.length, 0);
    }
    for (const phone of ['+44 20 7946 0958', '+33 6 12 34 56 78']) {
      assert.equal((await harness({ countries }).send(valid({ phone }))).status, 202, phone);
    }
  },
);

Deno.test('a number outside CALLBACK_COUNTRIES is refused', async () => {
  const h = harness();
  const answer = await h.send(valid({ phone: '+44 20 7946 0958' }));
  assert.equal(answer.status, 400);
  assert.equal(answer.body.code, 'country_not_allowed');
  assert.equal(h.requests.length, 0);
});

Deno.test('a failed, missing or unverifiable bot check calls nobody', async () => {
  for (const [turnstile, captcha] of [
    [Response.json({ success: false, 'error-codes': ['invalid-input-response'] }), 'token'],
    [new Response('down', { status: 500 }), 'token'],
    ['hang', 'token'],
    ['network', 'token'],
    [undefined, ''],
  ] as const) {
    const h = harness({ turnstile: turnstile as Answer | undefined });
    const answer = await h.send(valid({ captcha }));
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'captcha_failed');
    assert.equal(h.database.length, 0);
    assert.equal(h.to(`${VAPI}/call`).length, 0);
  }
});

Deno.test('a token solved for another form or on another site opens nothing', async () => {
  for (const solved of [
    { ...SOLVED, action: 'lead' },
    { ...SOLVED, action: '' },
    { ...SOLVED, hostname: 'elsewhere.example' },
    { success: true },
  ]) {
    const h = harness({ turnstile: Response.json(solved) });
    const answer = await h.send(valid());
    assert.equal(answer.status, 403, JSON.stringify(solved));
    assert.equal(answer.body.code, 'captcha_failed');
    assert.equal(h.database.length + h.to(`${VAPI}/call`).length, 0);
  }
});

Deno.test('the bot check gets the secret, the token and the client address', async () => {
  const h = harness();
  await h.send(valid(), { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' });
  const form = h.to(TURNSTILE)[0]!.init.body as FormData;
  assert.equal(form.get('secret'), 'secret');
  assert.equal(form.get('response'), 'XXXX.DUMMY.TOKEN.XXXX');
  assert.equal(form.get('remoteip'), '203.0.113.9');
});

Deno.test(
  'every limit answers alike: 429, the same body and Retry-After, saying nothing of when a number asked',
  async () => {
    const answers = [];
    for (const [limit, retry_after] of [
      ['number', 17],
      ['number', 86_399],
      ['address', 1200],
      ['day', 40_000],
    ] as const) {
      const h = harness({ claim: { outcome: 'limited', limit, retry_after } });
      const answer = await h.send(valid());
      assert.equal(h.to(`${VAPI}/call`).length, 0);
      // Only the day's budget spent tells the owner (budget_spent, once a day: the database's).
      const spent = h.database.find((entry) => entry.name === 'budget_spent')?.request;
      const alerts = h.to(HOOKS).map((post) => JSON.parse(post.body) as { type: string });
      if (limit === 'day') {
        assert.deepEqual(spent, { feature: 'phone', budget: 50, retry_after });
        assert.deepEqual(alerts, [
          { type: 'budget_spent', feature: 'phone', limit: 50, resets_at: '2026-11-24T05:06:40Z' },
        ]);
      } else {
        assert.equal(spent, undefined);
        assert.deepEqual(alerts, []);
      }
      answers.push({ ...answer, retryAfter: answer.headers.get('retry-after') });
    }
    for (const answer of answers) {
      assert.equal(answer.status, 429);
      assert.deepEqual(answer.body, answers[0]!.body);
      assert.equal(answer.retryAfter, '3600');
    }
  },
);

Deno.test(
  'the claim carries E.164, the limits, the consent words and time, and only utm_ keys',
  async () => {
    const h = harness();
    await h.send(valid());
    const claim = h.database.find((call) => call.name === 'callback_claim')!.request;
    assert.equal(claim.phone, '+14155552671');
    assert.equal(claim.country, 'US');
    assert.equal(claim.client_address, '203.0.113.7');
    assert.equal(claim.address_source, 'x-forwarded-for');
    assert.equal(claim.consent_at, '2026-11-23T18:00:00.000Z');
    assert.match(String(claim.consent_text), /AI agent/);
    assert.deepEqual(claim.utm, { utm_source: 'google' });
    assert.deepEqual(claim.limits, {
      per_number_per_day: 1,
      per_address_per_hour: 3,
      per_day: 50,
      lease_seconds: 60,
    });
  },
);

/** A valid request, answered 202: the harness, the answer, and its POST to Vapi with its body. */
async function placed() {
  const h = harness();
  const answer = await h.send(valid());
  assert.equal(answer.status, 202);
  const [call] = h.to(`${VAPI}/call`);
  return { h, answer, call: call!, body: JSON.parse(call!.body) as CreateCallBody };
}

Deno.test(
  'places one call with the private key, the assistant, the cap and the visitor numbers',
  async () => {
    const { h, answer, call, body } = await placed();
    const { report, ...accepted } = answer.body;
    assert.deepEqual(accepted, { status: 'calling', id: ID });
    // The ticket that reads this call's report: the callback's id.
    await assertReportTicket(report, ID);
    assert.equal((call.init.headers as Record<string, string>).Authorization, 'Bearer private-key');
    assert.deepEqual(body, {
      assistantId: 'assistant-1',
      phoneNumberId: 'phone-1',
      customer: { number: '+14155552671' },
      assistantOverrides: {
        // The opening and the tool, each proved in the tests below.
        firstMessage: CALLBACK_CALL_WORDS.opening(BUSINESS),
        firstMessageMode: 'assistant-speaks-first',
        'tools:append': [doNotCallTool()],
        maxDurationSeconds: 180,
        variableValues: { leads: 40, value: 2500, delay: 1, rate: 20, estimate: 12000 },
        metadata: { callback_id: ID, visit_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
      },
    });
    const record = h.database.find((c) => c.name === 'callback_record')!.request;
    assert.deepEqual(record, { id: ID, status: 'calling', vapi_call_id: 'call-1', error: null });
  },
);

Deno.test(
  "the agent's first words name the business, say the call was asked for on its website and offer to stop",
  async () => {
    const overrides = (await placed()).body.assistantOverrides!;
    assert.equal(overrides.firstMessageMode, 'assistant-speaks-first');
    const first = overrides.firstMessage!;
    assert.equal(first, CALLBACK_CALL_WORDS.opening(BUSINESS));
    assert.ok(first.startsWith(`Hi, this is the assistant for ${BUSINESS}.`), first);
    assert.match(first, /You asked for a call on our website a moment ago\./);
    assert.match(first, /If you did not ask, or want no calls from us, just say so/);
    assert.match(first, /never call this number again\.$/);
  },
);

Deno.test(
  'the call carries the do_not_call tool: a function with no server of its own, whose words end the call',
  async () => {
    const tools = (await placed()).body.assistantOverrides!['tools:append'] as ToolsAppendItem[];
    assert.equal(tools.length, 1);
    const tool = tools[0]!;
    assert.equal(tool.type, 'function');
    if (tool.type !== 'function') return;
    assert.equal(tool.function?.name, 'do_not_call');
    assert.match(tool.function?.description ?? '', /did not ask for this call/);
    assert.match(tool.function?.description ?? '', /want no calls/);
    assert.deepEqual(tool.function?.parameters, { type: 'object', properties: {} });
    // Vapi posts it to the assistant's Server URL (vapi-events), and waits for its answer.
    assert.equal(tool.server, undefined);
    assert.equal(tool.async, undefined);
    assert.deepEqual(
      tool.messages?.map((message) => [
        message.type,
        'endCallAfterSpokenEnabled' in message ? message.endCallAfterSpokenEnabled : undefined,
      ]),
      [
        ['request-complete', true],
        ['request-failed', true],
      ],
    );
    const [complete] = tool.messages ?? [];
    assert.match(String(complete && 'content' in complete ? complete.content : ''), /won't call/);
  },
);

Deno.test(
  'a claim that lapsed (the function stopped mid-call) may have rung: said so, reported, never again',
  async () => {
    const h = harness({
      claim: { outcome: 'existing', status: 'unknown', vapi_call_id: null, lapsed: true },
    });
    const answer = await h.send(valid());
    assert.equal(answer.status, 502);
    assert.equal(answer.body.code, 'call_uncertain');
    assert.equal(h.to(`${VAPI}/call`).length, 0);
    const [post] = h.to(HOOKS);
    assert.equal(JSON.parse(post!.body).status, 'uncertain');
  },
);

Deno.test('a request id claimed before never calls again', async () => {
  for (const [status, code] of [
    ['calling', 202],
    ['pending', 202],
    ['unknown', 502],
  ] as const) {
    const h = harness({ claim: { outcome: 'existing', status, vapi_call_id: null } });
    const answer = await h.send(valid());
    assert.equal(answer.status, code, status);
    if (status === 'unknown') assert.equal(answer.body.code, 'call_uncertain');
    // A retry's answer reads the same report as the first one did.
    else await assertReportTicket(answer.body.report, ID);
    assert.equal(h.to(`${VAPI}/call`).length, 0);
  }
  // Nor does an answer that is no claim (a limit without its seconds, or none): never a call.
  for (const claim of [{ outcome: 'limited', limit: 'day' }, 'call']) {
    const odd = harness({ claim });
    const answer = await odd.send(valid());
    assert.deepEqual(
      [answer.status, answer.body.code, odd.to(`${VAPI}/call`).length],
      [502, 'call_failed', 0],
    );
  }
});

Deno.test(
  'Vapi refusing (a 4xx) is a clear 502, recorded as failed so a retry may try again',
  async () => {
    for (const vapi of [
      Response.json({ message: ['bad'] }, { status: 400 }),
      Response.json({ message: 'Invalid Key' }, { status: 401 }),
    ]) {
      const h = harness({ vapi });
      const answer = await h.send(valid());
      assert.equal(answer.status, 502);
      assert.equal(answer.body.code, 'call_failed');
      assert.match(answer.body.message, /send the form/);
      const record = h.database.find((c) => c.name === 'callback_record')!.request;
      assert.equal(record.status, 'failed');
      assert.equal(h.to(HOOKS).length, 0);
    }
  },
);

Deno.test(
  'Vapi not saying (a 5xx, 408, 429, no id, no answer) may have placed the call: unknown, said so, reported, never again',
  async () => {
    for (const vapi of [
      new Response('boom', { status: 500 }),
      new Response('gateway timeout', { status: 504 }),
      new Response('timeout', { status: 408 }),
      new Response('slow down', { status: 429 }),
      Response.json({ status: 'queued' }, { status: 201 }),
      'hang' as const,
      'network' as const,
    ]) {
      const h = harness({ vapi });
      const answer = await h.send(valid());
      assert.equal(answer.status, 502, String(vapi));
      assert.equal(answer.body.code, 'call_uncertain');
      assert.match(answer.body.message, /may have been placed/);
      const record = h.database.find((c) => c.name === 'callback_record')!.request;
      assert.equal(record.status, 'unknown');
      // The owner hears of a call that may ring.
      const [post] = h.to(HOOKS);
      assert.equal(JSON.parse(post!.body).status, 'uncertain');
    }
  },
);

Deno.test(
  'the webhook gets the callback as a lead, retried when it fails, the call placed once',
  async () => {
    const h = harness({
      webhook: [new Response('busy', { status: 503 }), 'network', new Response('ok')],
    });
    const answer = await h.send(valid());
    assert.equal(answer.status, 202);
    const posts = h.to(HOOKS);
    assert.equal(posts.length, 3);
    // Each try signed (Standard Webhooks), under the callback's id: the owner's automation
    // checks it with the secret and skips an id it has taken.
    for (const post of posts) {
      const headers = Object.fromEntries(new Headers(post.init.headers).entries());
      assert.equal(headers['webhook-id'], ID);
      assert.deepEqual(new Webhook(HOOKS_SECRET).verify(post.body, headers), JSON.parse(post.body));
    }
    const payload = JSON.parse(posts[2]!.body);
    assert.equal(payload.type, 'callback');
    assert.equal(payload.status, 'calling');
    assert.equal(payload.id, ID);
    assert.equal(payload.phone, '+14155552671');
    assert.equal(payload.created_at, 'November 23, 2026 at 10:00 AM PST');
    assert.equal(payload.estimate, 12000);
    assert.equal(h.to(`${VAPI}/call`).length, 1);
    const delivery = h.database.find((c) => c.name === 'callback_webhook')!.request;
    assert.deepEqual(delivery, { id: ID, delivered: true });
  },
);

Deno.test(
  'a webhook that keeps failing is recorded as not delivered, and the call stands',
  async () => {
    const h = harness({ webhook: ['network', 'network', 'network'] });
    const answer = await h.send(valid());
    assert.equal(answer.status, 202);
    assert.equal(h.to(HOOKS).length, 3);
    assert.deepEqual(h.database.find((c) => c.name === 'callback_webhook')!.request, {
      id: ID,
      delivered: false,
    });
  },
);

Deno.test(
  'answers the site’s preflight, refuses other methods, oversized and malformed bodies',
  async () => {
    const h = harness();
    const { handler } = h;
    const preflight = await handler(new Request('https://fn.test/x', { method: 'OPTIONS' }));
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://site.test');
    assert.equal((await handler(new Request('https://fn.test/x'))).status, 405);
    const big = await h.send({ ...valid(), padding: 'x'.repeat(9_000) });
    assert.equal(big.status, 413);
    const bad = await handler(
      new Request('https://fn.test/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[1,2]',
      }),
    );
    assert.equal(bad.status, 400);
    assert.equal(h.to(`${VAPI}/call`).length, 0);
  },
);

Deno.test(
  "with the visitor's business the agent answers as it: its variables and an opening that still says it is a demo and how to stop",
  async () => {
    const h = harness();
    const answer = await h.send(
      valid({
        business: { business_name: '  Sunny  Roofing ', trade: SECOND, city: 'Austin' },
        variables: { leads: 40, trade: FIRST, business_name: 'Evil', firstMessage: 'x' },
      }),
    );
    assert.equal(answer.status, 202);
    const body = JSON.parse(h.to(`${VAPI}/call`)[0]!.body) as CreateCallBody;
    assert.deepEqual(body.assistantOverrides?.variableValues, {
      leads: 40,
      business_name: 'Sunny Roofing',
      trade: SECOND,
      city: 'Austin',
    });
    const opening = body.assistantOverrides?.firstMessage;
    assert.equal(opening, CALLBACK_CALL_WORDS.opening(BUSINESS, 'Sunny Roofing'));
    assert.match(String(opening), /^Hi, this is the receptionist for Sunny Roofing, a demo from /);
    assert.match(String(opening), /Harbor Solar & Sons/);
    assert.match(String(opening), /You asked for a call on our website/);
    assert.match(String(opening), /If you did not ask, or want no calls from us/);
    assert.deepEqual(body.assistantOverrides?.['tools:append'], [doNotCallTool()]);
  },
);

Deno.test(
  'a business that breaks the rule is refused 400 naming its field, before the bot check, the database and Vapi',
  async () => {
    for (const [business, field] of [
      [{ business_name: 'sunny.com', trade: FIRST }, 'business_name'],
      [{ business_name: 'Call 555 123 4567', trade: FIRST }, 'business_name'],
      [{ business_name: 'Sunny Roofing', trade: NOT_A_TRADE }, 'trade'],
      [{ business_name: 'Sunny Roofing', trade: FIRST, city: 'www.austin' }, 'city'],
      ['Sunny Roofing', 'business_name'],
      [{ business_name: '\u3164\uFFA0\u115F', trade: FIRST }, 'business_name'],
      [{ business_name: 'sunny . com', trade: FIRST }, 'business_name'],
      [{ business_name: 'Sunny R\u043Eofing', trade: FIRST }, 'business_name'],
      [{ business_name: 'Sunny Roofing', trade: FIRST, city: '\u0410ustin' }, 'city'],
    ] as const) {
      const h = harness();
      const answer = await h.send(valid({ business }));
      assert.equal(answer.status, 400, JSON.stringify(business));
      assert.deepEqual(answer.body, {
        code: 'bad_business',
        message: 'The business name, trade or city was not accepted.',
        details: field,
      });
      assert.equal(h.requests.length, 0, 'no siteverify, no Vapi');
      assert.equal(h.database.length, 0);
    }
  },
);

/** A lead as public.callback_lead answers it: stored a moment ago, with the request's number. */
const LEAD = {
  found: true,
  name: 'Dana  Lee',
  company: 'Lee Roofing',
  message: 'We miss calls\nafter 5 pm.\u0007',
  phone: '415-555-2671',
};

Deno.test(
  "a lead's words that hide never reach Vapi: invisible characters out, a look-alike name empty",
  async () => {
    const h = harness({
      lead: { ...LEAD, name: '\u0405\u0430m Lee', message: 'Call\u200B me\u3164 back\u034F' },
    });
    const answer = await h.send(valid({ follows_lead: true }));
    assert.equal(answer.status, 202);
    const [call] = h.to(`${VAPI}/call`);
    const overrides = (JSON.parse(call!.body) as CreateCallBody).assistantOverrides!;
    assert.equal(overrides.variableValues?.lead_name, '');
    assert.equal(overrides.variableValues?.lead_message, 'Call me back');
    assert.ok(overrides.firstMessage!.startsWith(`Hi, this is the AI assistant for ${BUSINESS}. `));
    assert.doesNotMatch(call!.body, /\u0405|\u0430|\u200B|\u3164|\u034F/u);
  },
);

Deno.test(
  "a call that follows a lead reads it first, then calls with the lead's words and a greeting by name",
  async () => {
    const h = harness({ lead: LEAD });
    const answer = await h.send(valid({ follows_lead: true, pressed_ms: 850 }));
    assert.equal(answer.status, 202);
    await assertReportTicket(answer.body.report, ID);
    // The lead is read before the claim, within the window, by the request's id (the lead's).
    assert.deepEqual(h.database.map((call) => call.name).slice(0, 2), [
      'callback_lead',
      'callback_claim',
    ]);
    assert.deepEqual(h.database[0]!.request, { id: ID, window_seconds: 600 });
    const claim = h.database[1]!.request;
    assert.equal(claim.lead_id, ID);
    assert.equal(claim.pressed_ms, 850);
    const calls = h.to(`${VAPI}/call`);
    assert.equal(calls.length, 1);
    const overrides = (JSON.parse(calls[0]!.body) as CreateCallBody).assistantOverrides!;
    // The estimate's variables as on every callback, and the lead's, cleaned.
    assert.deepEqual(overrides.variableValues, {
      leads: 40,
      value: 2500,
      delay: 1,
      rate: 20,
      estimate: 12000,
      lead_name: 'Dana Lee',
      lead_company: 'Lee Roofing',
      lead_message: 'We miss calls after 5 pm.',
    });
    const first = overrides.firstMessage!;
    assert.equal(
      first,
      CALLBACK_CALL_WORDS.opening(BUSINESS, null, {
        name: LEAD.name,
        company: LEAD.company,
        message: LEAD.message,
      }),
    );
    assert.ok(first.startsWith(`Hi Dana, this is the AI assistant for ${BUSINESS}. `), first);
    assert.match(first, /you just sent us a message on our website and asked for a call/);
    assert.match(first, /If you did not ask, or want no calls from us, just say so/);
    assert.equal(overrides.firstMessageMode, 'assistant-speaks-first');
    assert.deepEqual(overrides['tools:append'], [doNotCallTool()]);
    // The owner's automation joins the call to the lead.
    const payload = JSON.parse(h.to(HOOKS).at(-1)!.body);
    assert.equal(payload.type, 'callback');
    assert.equal(payload.lead_id, ID);
  },
);

Deno.test(
  "a lead's company left empty is '', and the visitor's business still goes over the variables",
  async () => {
    const h = harness({ lead: { ...LEAD, company: null } });
    const answer = await h.send(
      valid({
        follows_lead: true,
        variables: null,
        business: { business_name: 'Sunny Roofing', trade: SECOND },
      }),
    );
    assert.equal(answer.status, 202);
    const body = JSON.parse(h.to(`${VAPI}/call`)[0]!.body) as CreateCallBody;
    assert.deepEqual(body.assistantOverrides?.variableValues, {
      lead_name: 'Dana Lee',
      lead_company: '',
      lead_message: 'We miss calls after 5 pm.',
      business_name: 'Sunny Roofing',
      trade: SECOND,
    });
    assert.match(String(body.assistantOverrides?.firstMessage), /^Hi Dana, /);
  },
);

Deno.test(
  'a lead not found, too old, or stored with another number: one refusal, 400 lead_not_found, no claim and no call',
  async () => {
    const bodies = [];
    for (const lead of [
      { found: false },
      { ...LEAD, phone: '(415) 555-2672' },
      { ...LEAD, phone: 'not a number' },
      { ...LEAD, phone: '+1 604 555 2671' },
    ]) {
      const h = harness({ lead });
      const answer = await h.send(valid({ follows_lead: true }));
      assert.equal(answer.status, 400, JSON.stringify(lead));
      assert.equal(answer.body.code, 'lead_not_found');
      assert.deepEqual(
        h.database.map((call) => call.name),
        ['callback_lead'],
      );
      assert.equal(h.to(`${VAPI}/call`).length + h.to(HOOKS).length, 0);
      bodies.push(answer.body);
    }
    // The same words whichever it was: a request learns nothing of a lead's number.
    for (const body of bodies) assert.deepEqual(body, bodies[0]);
  },
);

Deno.test(
  'a lead read that fails (the database, or an answer of another shape) is call_failed: no claim, no call',
  async () => {
    for (const lead of [new Error('connection reset'), { id: ID }, { found: true, name: 'x' }]) {
      const h = harness({ lead });
      const answer = await h.send(valid({ follows_lead: true }));
      assert.equal(answer.status, 502, String(lead));
      assert.equal(answer.body.code, 'call_failed');
      assert.deepEqual(
        h.database.map((call) => call.name),
        ['callback_lead'],
      );
      assert.equal(h.to(`${VAPI}/call`).length, 0);
    }
  },
);

Deno.test(
  "a lead call's id claimed before never calls again: the lead read, then the claim's answer",
  async () => {
    const h = harness({
      lead: LEAD,
      claim: { outcome: 'existing', status: 'calling', vapi_call_id: 'call-1' },
    });
    const answer = await h.send(valid({ follows_lead: true }));
    assert.equal(answer.status, 202);
    assert.equal(h.to(`${VAPI}/call`).length, 0);
  },
);

Deno.test(
  'requested_at is the arrival, taken before the bot check; pressed_ms goes to the claim as parsed',
  async () => {
    const start = Date.parse('2026-11-23T18:00:00Z');
    // The clock moves a minute with each bot check asked for.
    const h = harness({ now: (siteverifies) => new Date(start + siteverifies * 60_000) });
    assert.equal((await h.send(valid({ pressed_ms: 1234.4 }))).status, 202);
    assert.equal(h.to(TURNSTILE).length, 1);
    const claim = h.database.find((call) => call.name === 'callback_claim')!.request;
    assert.equal(claim.requested_at, '2026-11-23T18:00:00.000Z');
    assert.equal(claim.consent_at, '2026-11-23T18:01:00.000Z');
    assert.equal(claim.pressed_ms, 1234);
    const unsaid = harness();
    await unsaid.send(valid());
    const plain = unsaid.database.find((call) => call.name === 'callback_claim')!.request;
    assert.equal(plain.pressed_ms, 0);
    assert.equal(plain.requested_at, '2026-11-23T18:00:00.000Z');
  },
);

Deno.test(
  'Call my phone reads no lead: no lead_id in the claim or the webhook, no lead variables',
  async () => {
    const { h, body } = await placed();
    assert.deepEqual(
      h.database.map((call) => call.name).filter((name) => name.startsWith('callback_')),
      ['callback_claim', 'callback_record', 'callback_webhook'],
    );
    assert.equal(h.database[0]!.request.lead_id, null);
    assert.equal(JSON.parse(h.to(HOOKS).at(-1)!.body).lead_id, null);
    assert.equal('lead_name' in (body.assistantOverrides?.variableValues ?? {}), false);
  },
);
