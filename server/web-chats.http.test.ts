/**
 * chat (server mode) through the local stack, as a page and a stranger reach it: the function
 * (Deno), its claims in the database, the Vapi stand-in's POST /chat and PATCH /session, and the
 * chat's report through vapi-events, with the anon key over HTTP. The limits hold under 50
 * messages at once, and the worst a stranger does is bounded by the day's messages. A chat
 * belongs to the address that started it: its id and even its key do nothing from another, and a
 * flood of messages and ends without a token never reaches the database.
 */
import { describe, expect, it } from 'vitest';
import type { ChatAnswer, ChatBody } from '../supabase/functions/_shared/contracts/chat';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateChatBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import {
  insertHeaders,
  listeningStackForTests,
  nextAddress,
  postToFunction,
  randomLead,
} from './tests/helpers';

const KEY = LOCAL_ANON_KEY_DEFAULT;
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

function stackWith(secrets: Record<string, string> = {}) {
  const local = listeningStackForTests(KEY, secrets);
  const send = async (body: Partial<ChatBody>, address = nextAddress()) => {
    const response = await postToFunction(
      local.origin,
      'chat',
      { visit_id: null, variables: null, end: false, ...body },
      { address, key: KEY },
    );
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Partial<ChatAnswer> & { code?: string; limit?: string },
    };
  };
  const json = async <T>(path: string) =>
    (await (await fetch(`${local.origin}${path}`)).json()) as T;
  /** A new chat of a new visit, its first message from `address` answered: the chat and its key. */
  const start = async (address: string) => {
    const id = crypto.randomUUID();
    const visit = crypto.randomUUID();
    const first = await send(
      { id, input: 'Do you answer at night?', captcha: TOKEN, visit_id: visit },
      address,
    );
    expect(first.status).toBe(200);
    return { id, visit, first, key: first.body.key! };
  };
  return { local, send, json, start };
}

/** The POSTs to Vapi's /chat of one visit's chats. */
const chatsOf = (calls: { path: string; body: CreateChatBody }[], visit: string) =>
  calls.filter(
    (call) => call.path === '/chat' && call.body.assistantOverrides?.metadata?.visit_id === visit,
  );

describe('chat through the local stack', () => {
  const { local, send, json, start } = stackWith();

  it('answers a chat with its own assistant, continues its session, and its end brings the report to the visit', async () => {
    const address = nextAddress();
    const { id, visit, first, key } = await start(address);
    expect(first.body.output).toEqual([
      { role: 'assistant', content: chatReplyTo('Do you answer at night?') },
    ]);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const next = await send(
      { id, input: 'And Sundays?', captcha: null, key, visit_id: visit },
      address,
    );
    expect(next.status).toBe(200);
    const chats = chatsOf(await json(LOCAL_ROUTES.vapiCallsJson), visit);
    expect(chats).toHaveLength(2);
    expect(chats[0]!.body).toEqual({
      assistantId: 'test-assistant',
      input: 'Do you answer at night?',
      assistantOverrides: {
        variableValues: { visit_id: visit },
        // The chat's id in the database: the page's id from this address.
        metadata: { visit_id: visit, web_chat_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      },
    });
    expect(chats[0]!.body.assistantOverrides?.metadata?.web_chat_id).not.toBe(id);
    expect(chats[1]!.body.sessionId).toEqual(expect.any(String));
    expect((await send({ id, end: true, key }, address)).status).toBe(200);
    await expect
      .poll(async () => {
        const reports = await json<{ kind: string; visit_id: string; vapi_call_id: string }[]>(
          LOCAL_ROUTES.callReportsJson,
        );
        return reports.find((report) => report.vapi_call_id === chats[1]!.body.sessionId);
      })
      .toMatchObject({ kind: 'webChat', visit_id: visit });
    // The owner's inbox shows it under the lead of the same visit.
    const lead = randomLead({ visit_id: visit });
    const inserted = await fetch(`${local.origin}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: insertHeaders(KEY),
      body: JSON.stringify(lead),
    });
    expect(inserted.status).toBe(201);
    const inbox = await (await fetch(`${local.origin}${LOCAL_ROUTES.inbox}`)).text();
    expect(inbox).toContain('<strong>Chat report</strong>');
    expect(inbox).toContain('User: Do you answer calls at night?');
    // Ended: no more messages in it.
    const after = await send({ id, input: 'Hello?', captcha: null, key }, address);
    expect(after).toMatchObject({ status: 409, body: { code: 'chat_ended' } });
  });

  it('takes no chat without a bot check, and holds 5 new chats per address under 50 at once', async () => {
    const unverified = await send({ id: crypto.randomUUID(), input: 'Hi', captcha: null });
    expect(unverified).toMatchObject({ status: 403, body: { code: 'not_yours' } });
    const oneAddress = await Promise.all(
      Array.from({ length: 50 }, () =>
        send({ id: crypto.randomUUID(), input: 'Hi', captcha: TOKEN }, '203.0.113.78'),
      ),
    );
    expect(oneAddress.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const refused of oneAddress.filter((answer) => answer.status !== 200)) {
      expect(refused).toMatchObject({ status: 429, body: { code: 'limited', limit: 'address' } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
  });
});

describe('chat when the day is spent', () => {
  // Twelve messages a day: a stranger from many addresses spends them, then nobody gets more.
  const { send } = stackWith({ WEB_CHAT_DAILY_MESSAGES: '12', WEB_CHAT_PER_ADDRESS: '100' });

  it('sends at most the day’s messages to Vapi, whatever comes at once, and says the day is spent', async () => {
    const flood = await Promise.all(
      Array.from({ length: 50 }, () =>
        send({ id: crypto.randomUUID(), input: 'spam', captcha: TOKEN }),
      ),
    );
    expect(flood.filter((answer) => answer.status === 200)).toHaveLength(12);
    expect(flood.filter((answer) => answer.body.limit === 'day')).toHaveLength(38);
  });
});

describe('a chat belongs to the address that started it', () => {
  const { local, send, json, start } = stackWith();

  it('another address, with the id and even the key, cannot continue or end it; the owner still can', async () => {
    const owner = nextAddress();
    const stranger = nextAddress();
    const { id, visit, key } = await start(owner);
    const database: string[] = [];
    const unwatch = local.watch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/rest/v1/')) database.push(pathname);
    });
    try {
      for (const body of [
        { id, input: 'Tell me what they said', captcha: null, key },
        { id, input: 'Tell me what they said', captcha: null },
        { id, end: true, key },
        { id, end: true },
      ]) {
        expect(await send(body, stranger)).toMatchObject({
          status: 403,
          body: { code: 'not_yours' },
        });
      }
      expect(database).toEqual([]);
    } finally {
      unwatch();
    }
    // With a bot-check token of its own, the id from another address is another chat: it does not
    // continue the owner's session, and its key is its own.
    const elsewhere = await send(
      { id, input: 'Tell me what they said', captcha: TOKEN, visit_id: visit },
      stranger,
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.key).not.toBe(key);
    // The owner's chat goes on, in its own session, and ends from its own address.
    const next = await send(
      { id, input: 'And Sundays?', captcha: null, key, visit_id: visit },
      owner,
    );
    expect(next.status).toBe(200);
    const chats = chatsOf(await json(LOCAL_ROUTES.vapiCallsJson), visit);
    expect(chats.map((call) => call.body.input)).toEqual([
      'Do you answer at night?',
      'Tell me what they said',
      'And Sundays?',
    ]);
    const ids = chats.map((call) => call.body.assistantOverrides?.metadata?.web_chat_id);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[1]).not.toBe(ids[0]);
    // The stranger's message started no session of the owner's: the owner's next continues the
    // first answer's session, the stranger's has none.
    expect(chats[1]!.body.sessionId).toBeUndefined();
    expect(chats[2]!.body.sessionId).toEqual(expect.any(String));
    expect((await send({ id, end: true, key }, owner)).status).toBe(200);
    const after = await send({ id, input: 'Hello?', captcha: null, key }, owner);
    expect(after).toMatchObject({ status: 409, body: { code: 'chat_ended' } });
  });

  it('a flood of 400 messages and ends without a token reaches no database, while a visitor’s first message is answered', async () => {
    const FLOOD = 400;
    const ROUNDS = 5;
    const firstMessage = async () => {
      const started = performance.now();
      const answer = await send({ id: crypto.randomUUID(), input: 'Hi', captcha: TOKEN });
      const ms = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(answer.body.key).toEqual(expect.any(String));
      return ms;
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // A stranger's requests: unknown ids with no token, with a forged key, and ends, each from an
    // address of its own.
    const stranger = (n: number): Partial<ChatBody> =>
      n % 3 === 0
        ? { id: crypto.randomUUID(), input: 'spam', captcha: null }
        : n % 3 === 1
          ? { id: crypto.randomUUID(), input: 'spam', captcha: null, key: 'A'.repeat(43) }
          : { id: crypto.randomUUID(), end: true };

    await firstMessage(); // warm
    const alone: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round += 1) alone.push(await firstMessage());

    /**
     * One flood, with `visitors` first messages sent during it (after `after` ms): the flood's
     * answers, the visitors' times, and what reached the database meanwhile.
     */
    const during = async (flood: () => Promise<unknown>[], visitors: number, after = 0) => {
      const database: string[] = [];
      const unwatch = local.watch((request) => {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/rest/v1/')) database.push(pathname);
      });
      try {
        const started = performance.now();
        const sent = flood();
        await new Promise((resolveWait) => setTimeout(resolveWait, after));
        const times: number[] = [];
        for (let n = 0; n < visitors; n += 1) times.push(await firstMessage());
        const refused = (await Promise.all(sent)) as Awaited<ReturnType<typeof send>>[];
        const floodMs = performance.now() - started;
        expect(refused).toHaveLength(FLOOD);
        expect(refused.every((answer) => answer.status === 403)).toBe(true);
        expect(new Set(refused.map((answer) => answer.body.code))).toEqual(new Set(['not_yours']));
        // The visitors' claims and session records only: none of the flood reached the database.
        expect(database.sort()).toEqual(
          Array.from({ length: visitors }, () => [
            '/rest/v1/rpc/web_chat_claim',
            '/rest/v1/rpc/web_chat_record',
          ])
            .flat()
            .sort(),
        );
        return { times, floodMs };
      } finally {
        unwatch();
      }
    };
    // All 400 at once, the visitor's message behind them.
    const burst: number[] = [];
    const burstMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { times, floodMs } = await during(
        () => Array.from({ length: FLOOD }, (_, n) => send(stranger(n))),
        1,
      );
      burst.push(...times);
      burstMs.push(floodMs);
    }
    // As the issue measured it: 83 a second (about 4.8 s), the visitor's messages in the middle.
    const paced: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const { times } = await during(
        () =>
          Array.from({ length: FLOOD }, (_, n) =>
            new Promise((resolveWait) => setTimeout(resolveWait, n * 12)).then(() =>
              send(stranger(n)),
            ),
          ),
        4,
        1_000,
      );
      paced.push(...times);
    }
    const quiet = median(alone);
    const figures = (label: string, values: number[]) =>
      `${label}, median of ${values.length}: ${median(values).toFixed(0)} ms (${(median(values) / quiet).toFixed(2)}x) [${values.map((ms) => ms.toFixed(0)).join(', ')}]`;
    console.log(
      [
        `chat flood: a first message alone, median of ${alone.length}: ${quiet.toFixed(0)} ms [${alone.map((ms) => ms.toFixed(0)).join(', ')}]`,
        figures(`with ${FLOOD} token-less messages and ends at 83 a second`, paced),
        figures(`with ${FLOOD} sent at once, the message behind them`, burst),
        `${FLOOD} at once all refused in a median ${median(burstMs).toFixed(0)} ms (${(median(burstMs) / FLOOD).toFixed(1)} ms each through the local stack)`,
      ].join('\n'),
    );
  }, 120_000);
});
