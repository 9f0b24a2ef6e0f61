import { describe, expect, it } from 'vitest';
import type { BotCheckSession } from '@/lib/bot-check';
import { ownBusinessProblem } from '@/lib/own-business';
import { twoTrades } from '@/test/trades';
import type { WebCallError } from './web-call';
import { createServerStarter, RESERVATION_MARGIN_MS } from './web-call';

/**
 * The page's choice at the press (server mode): the press of a live reservation (no token), or
 * the one-request form with a fresh token, with start-web-call and the bot check faked.
 */

const WEB_CALL = { id: 'vapi-call-1', webCallUrl: 'https://vapi.daily.co/room', assistant: {} };
const VISIT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PRESS = { id: '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', visit_id: VISIT, variables: null };
const INTENT = { visit_id: VISIT, variables: null };

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body } | 'network' | Promise<{ status: number; body: Body }>;

/** A bot check whose tokens are handed out one by one (`solve`), as the widget solves them. */
function fakeBotCheck() {
  let solved = 0;
  let waiting: { resolve: (token: string) => void; reject: (error: Error) => void }[] = [];
  let ready: string | null = null;
  const session: BotCheckSession & { solve: () => void; fail: () => void; renewed: number } = {
    renewed: 0,
    prepare: () => Promise.resolve(),
    token: () => {
      if (ready) {
        const token = ready;
        ready = null;
        return Promise.resolve(token);
      }
      return new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    renew: () => void (session.renewed += 1),
    remove: () => undefined,
    solve: () => {
      solved += 1;
      const token = `token-${solved}`;
      const [first, ...rest] = waiting;
      if (first) {
        waiting = rest;
        first.resolve(token);
      } else ready = token;
    },
    /** The widget gave no token in time: every waiting request is refused. */
    fail: () => {
      for (const { reject } of waiting) reject(new Error('no bot-check token in time'));
      waiting = [];
    },
  };
  return session;
}

function harness(replies: { reserve?: Reply; press?: Reply; call?: Reply } = {}) {
  const sent: Body[] = [];
  let clock = 1_000_000;
  const fetcher = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Body;
    sent.push(body);
    const reply =
      body.intent === true
        ? (replies.reserve ?? { status: 200, body: { reserved: true, expires_in_seconds: 60 } })
        : body.captcha === undefined
          ? (replies.press ?? { status: 200, body: WEB_CALL })
          : (replies.call ?? { status: 200, body: WEB_CALL });
    if (reply === 'network') throw new TypeError('network');
    const { status, body: answer } = await reply;
    return Response.json(answer, { status });
  }) as typeof fetch;
  const botCheck = fakeBotCheck();
  const starter = createServerStarter(
    { siteKey: 'site-key', scriptUrl: '/turnstile.js' },
    { functionsUrl: 'https://functions.test', anonKey: 'anon', fetch: fetcher },
    () => null,
    { botCheck, now: () => clock },
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    sent,
    botCheck,
    starter,
    settle,
    pass: (ms: number) => (clock += ms),
    /** Intent (hover, focus) with the bot check's token solved, and its request answered. */
    intent: async () => {
      starter.reserve(INTENT);
      botCheck.solve();
      await settle();
    },
  };
}

/** A press while the reservation is on its way: the test gives its answer when it chooses. */
async function pressWhileReserving() {
  let answer = (_: { status: number; body: Body }) => undefined as void;
  const h = harness({ reserve: new Promise((resolve) => (answer = resolve)) });
  await h.intent();
  const started = h.starter.start(PRESS);
  await h.settle();
  return { h, answer, started };
}

describe('the server starter', () => {
  it('reserves on intent with the token, and presses the live reservation with none', async () => {
    const h = harness();
    await h.intent();
    expect(h.sent).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), captcha: 'token-1', intent: true, ...INTENT },
    ]);
    // The next token is asked for at once, for a press that would have to fall back.
    expect(h.botCheck.renewed).toBe(1);
    // Another intent while it is live reserves nothing more.
    h.starter.reserve(INTENT);
    h.pass(60_000 - RESERVATION_MARGIN_MS - 1);
    expect(await h.starter.start(PRESS)).toEqual(WEB_CALL);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]).toEqual({ ...PRESS, id: h.sent[0]!.id });
    expect(h.sent[1]).not.toHaveProperty('captcha');
  });

  it("the press of a settled reservation sends its request at once, in the press's own task", async () => {
    const h = harness();
    await h.intent();
    // No await between the press and the request: it leaves before the page renders its
    // Connecting state (which React does in a microtask after the press).
    const pressed = h.starter.start(PRESS);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]).toEqual({ ...PRESS, id: h.sent[0]!.id });
    expect(await pressed).toEqual(WEB_CALL);
  });

  it('a lapsed reservation: the one-request form, with a fresh token and the press id', async () => {
    const h = harness();
    await h.intent();
    h.pass(60_000 - RESERVATION_MARGIN_MS);
    h.botCheck.solve();
    expect(await h.starter.start(PRESS)).toEqual(WEB_CALL);
    expect(h.sent[1]).toEqual({ ...PRESS, captcha: 'token-2' });
    // The next intent reserves again.
    await h.intent();
    expect(h.sent[2]).toMatchObject({ intent: true, captcha: 'token-3' });
    expect(h.sent[2]!.id).not.toBe(h.sent[0]!.id);
  });

  it('a refused or failed reservation never blocks the press: the one-request form', async () => {
    for (const reserve of [
      { status: 429, body: { code: 'limited', limit: 'concurrent' } },
      { status: 403, body: { code: 'captcha_failed' } },
      'network' as const,
    ]) {
      const h = harness({ reserve });
      await h.intent();
      // Declined: no second reservation before the press.
      h.starter.reserve(INTENT);
      await h.settle();
      h.botCheck.solve();
      expect(await h.starter.start(PRESS)).toEqual(WEB_CALL);
      expect(h.sent.filter((body) => body.intent)).toHaveLength(1);
      expect(h.sent.at(-1)).toEqual({ ...PRESS, captcha: 'token-2' });
    }
  });

  it('a press refused 403 (the reservation lapsed on the way) falls back with a fresh token', async () => {
    const h = harness({ press: { status: 403, body: { code: 'captcha_failed' } } });
    await h.intent();
    h.botCheck.solve();
    expect(await h.starter.start(PRESS)).toEqual(WEB_CALL);
    expect(h.sent.slice(1)).toEqual([
      { ...PRESS, id: h.sent[0]!.id },
      { ...PRESS, captcha: 'token-2' },
    ]);
  });

  it("a press's limit stands: it is not asked again", async () => {
    const h = harness({ press: { status: 429, body: { code: 'limited', limit: 'day' } } });
    await h.intent();
    await expect(h.starter.start(PRESS)).rejects.toEqual(
      expect.objectContaining({ kind: 'spent' }) as WebCallError,
    );
    expect(h.sent).toHaveLength(2);
  });

  it('a business the server refuses (400 bad_business) starts nothing, and its line goes to the field it names', async () => {
    const h = harness({
      press: { status: 400, body: { code: 'bad_business', message: 'No', details: 'city' } },
    });
    await h.intent();
    const [trade] = twoTrades();
    const business = { business_name: 'Sunny Roofing', trade: trade.slug, city: 'Austin' } as const;
    await expect(h.starter.start({ ...PRESS, business })).rejects.toEqual(
      expect.objectContaining({ kind: 'business' }) as WebCallError,
    );
    // The press of the reservation carried the business, and was not asked again.
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]).toEqual({ ...PRESS, id: h.sent[0]!.id, business });
    expect(ownBusinessProblem()).toBe('city');
  });

  it.each([
    ['a press before the token came takes it: one request, the one-request form', true],
    ['a press without intent: the one-request form, as before', false],
  ])('%s', async (_, intentFirst) => {
    const h = harness();
    if (intentFirst) h.starter.reserve(INTENT);
    const started = h.starter.start(PRESS);
    h.botCheck.solve();
    expect(await started).toEqual(WEB_CALL);
    expect(h.sent).toEqual([{ ...PRESS, captcha: 'token-1' }]);
  });

  it('a press while the reservation is on its way waits for it, then presses it', async () => {
    const { h, answer, started } = await pressWhileReserving();
    expect(h.sent).toHaveLength(1);
    answer({ status: 200, body: { reserved: true, expires_in_seconds: 60 } });
    expect(await started).toEqual(WEB_CALL);
    expect(h.sent[1]).toEqual({ ...PRESS, id: h.sent[0]!.id });
  });

  it('a reservation whose token never came: the press asks for a fresh one, not the failed one', async () => {
    const h = harness();
    h.starter.reserve(INTENT);
    h.botCheck.fail();
    await h.settle();
    const started = h.starter.start(PRESS);
    await h.settle();
    h.botCheck.solve();
    expect(await started).toEqual(WEB_CALL);
    expect(h.sent).toEqual([{ ...PRESS, captcha: 'token-1' }]);
  });

  it('a reservation refused after the press does not hold back the next intent', async () => {
    // The press waits for the reservation; it comes back refused, and the press falls back.
    const { h, answer, started } = await pressWhileReserving();
    h.botCheck.solve();
    answer({ status: 429, body: { code: 'limited', limit: 'concurrent' } });
    expect(await started).toEqual(WEB_CALL);
    // The next intent reserves again.
    await h.intent();
    expect(h.sent.filter((body) => body.intent === true)).toHaveLength(2);
  });

  it('an answer without a usable expiry counts as no reservation: the press falls back', async () => {
    const h = harness({ reserve: { status: 200, body: { reserved: true } } });
    await h.intent();
    h.botCheck.solve();
    expect(await h.starter.start(PRESS)).toEqual(WEB_CALL);
    expect(h.sent[1]).toMatchObject({ captcha: 'token-2' });
  });
});
