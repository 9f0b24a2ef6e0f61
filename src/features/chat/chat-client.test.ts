import { latestReport } from '@/lib/pending-report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chatReplyTo,
  chatStreamEvents,
  eventStreamText,
  webChatAnswer,
} from '@shared/vapi/fixtures.ts';
import type { BotCheckSession } from '@/lib/bot-check';
import { resetVisit, setVisitEstimate, visitId } from '@/lib/visit';
import { twoTrades } from '@/test/trades';
import {
  ChatError,
  createPublicKeyChat,
  createServerChat,
  SESSION_END_INPUT,
  type ChatTransport,
} from './chat-client';

const IDS = { id: 'chat-1', sessionId: 'session-1' };

function streamed(text: string, ids = IDS, chunk = 7): Response {
  const body = eventStreamText(chatStreamEvents(text, ids));
  // Cut anywhere, as a network does: mid-line and mid-event.
  const pieces = body.match(new RegExp(`[\\s\\S]{1,${chunk}}`, 'g')) ?? [];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      pieces.forEach((piece) => controller.enqueue(new TextEncoder().encode(piece)));
      controller.close();
    },
  });
  return new Response(stream, { status: 201, headers: { 'content-type': 'text/event-stream' } });
}

const whole = (text: string, ids = IDS) => Response.json(webChatAnswer(text, ids), { status: 201 });

/** A chat's key as the function gives it (43 base64url characters). */
const chatKey = (n: number) => `${'k'.repeat(42)}${n}`;
/** The chat function's answer: Vapi's WebChat, and with a first message the chat's key. */
const answered = (text: string, key: string | null = chatKey(1)) =>
  Response.json({ ...webChatAnswer(text, IDS), ...(key ? { key } : {}) }, { status: 200 });

async function sendAll(chat: ChatTransport, input: string) {
  let shown = '';
  const deltas: string[] = [];
  await chat.send(input, (delta) => {
    deltas.push(delta);
    shown += delta;
  });
  return { shown, deltas };
}

afterEach(() => resetVisit());

describe('public-key chat (POST /chat/web)', () => {
  it('sends the assistant, the input, the visit and the numbers, and shows the reply as it streams', async () => {
    setVisitEstimate({ leads: 40, value: 2500, delay: 1, rate: 20, estimate: 10000 });
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) =>
      streamed(chatReplyTo('Hi')),
    );
    const chat = createPublicKeyChat({ publicKey: 'pk', assistantId: 'asst', fetcher });
    const { shown, deltas } = await sendAll(chat, 'Hi');
    expect(shown).toBe(chatReplyTo('Hi'));
    expect(deltas.length).toBeGreaterThan(3);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('https://api.vapi.ai/chat/web');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer pk');
    expect(JSON.parse(init!.body as string)).toEqual({
      assistantId: 'asst',
      input: 'Hi',
      assistantOverrides: {
        variableValues: {
          leads: 40,
          value: 2500,
          delay: 1,
          rate: 20,
          estimate: 10000,
          visit_id: visitId(),
        },
      },
      stream: true,
    });
  });

  it('carries the sessionId of each answer into the next message, streamed or whole', async () => {
    const answers = [streamed('One.'), whole('Two.', { id: 'chat-2', sessionId: 'session-2' })];
    const fetcher = vi.fn(async () => answers.shift() ?? whole('Three.'));
    const chat = createPublicKeyChat({ publicKey: 'pk', assistantId: 'asst', fetcher });
    expect((await sendAll(chat, 'a')).shown).toBe('One.');
    expect((await sendAll(chat, 'b')).shown).toBe('Two.');
    await sendAll(chat, 'c');
    const bodies = fetcher.mock.calls.map(
      (call) =>
        JSON.parse((call as unknown as [string, RequestInit])[1].body as string) as {
          sessionId?: string;
        },
    );
    expect(bodies.map((body) => body.sessionId)).toEqual([undefined, 'session-1', 'session-2']);
  });

  it('ends the session with sessionEnd, once, in a request that outlives the page', async () => {
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => streamed('Hello.'));
    const chat = createPublicKeyChat({ publicKey: 'pk', assistantId: 'asst', fetcher });
    chat.end(); // nothing said yet: nothing to end
    expect(fetcher).not.toHaveBeenCalled();
    await sendAll(chat, 'Hi');
    chat.end();
    chat.end();
    expect(fetcher).toHaveBeenCalledTimes(2);
    const [, init] = fetcher.mock.calls[1]!;
    expect(init!.keepalive).toBe(true);
    expect(JSON.parse(init!.body as string)).toEqual({
      assistantId: 'asst',
      sessionId: 'session-1',
      input: SESSION_END_INPUT,
      sessionEnd: true,
    });
  });

  it.each([
    [402, 'unavailable'],
    [429, 'limited'],
    [500, 'failed'],
    [503, 'failed'],
  ])('a %i from Vapi is a ChatError of kind %s', async (status, kind) => {
    const fetcher = vi.fn(async () => Response.json({ message: 'no' }, { status }));
    const chat = createPublicKeyChat({ publicKey: 'pk', assistantId: 'asst', fetcher });
    await expect(sendAll(chat, 'Hi')).rejects.toMatchObject({ name: 'ChatError', kind });
  });

  it('a reply that does not come whole in time is a failed message, and the request is given up', async () => {
    let aborted = false;
    const chat = createPublicKeyChat({
      publicKey: 'pk',
      assistantId: 'asst',
      timeoutMs: 50,
      // Vapi answers the headers, then its stream stalls.
      fetcher: async (_url, init) => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(eventStreamText(chatStreamEvents('Hel', IDS))),
            );
            init?.signal?.addEventListener('abort', () => {
              aborted = true;
              controller.error(init.signal!.reason);
            });
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    await expect(sendAll(chat, 'Hi')).rejects.toMatchObject({ kind: 'failed' });
    expect(aborted).toBe(true);
  });

  it('no connection, or no reply in it, is a failed message', async () => {
    const offline = createPublicKeyChat({
      publicKey: 'pk',
      assistantId: 'asst',
      fetcher: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(sendAll(offline, 'Hi')).rejects.toBeInstanceOf(ChatError);
    const empty = createPublicKeyChat({
      publicKey: 'pk',
      assistantId: 'asst',
      fetcher: async () => Response.json({ id: 'x', output: [] }, { status: 201 }),
    });
    await expect(sendAll(empty, 'Hi')).rejects.toMatchObject({ kind: 'failed' });
  });
});

describe('server-mode chat (the chat function)', () => {
  const client = (fetcher: typeof fetch) => ({
    functionsUrl: 'https://project.supabase.co/functions/v1',
    anonKey: 'anon',
    fetch: fetcher,
  });
  function botCheck(): BotCheckSession & { tokens: number } {
    const check = {
      tokens: 0,
      prepare: async () => undefined,
      token: async () => `token-${++check.tokens}`,
      renew: () => undefined,
      remove: () => undefined,
    };
    return check;
  }

  it('passes the bot check once per chat, and sends the chat id, the visit and the numbers', async () => {
    const answers = [answered('Sure.', chatKey(1)), answered('Sure.', null)];
    const fetcher = vi.fn(
      async (..._args: Parameters<typeof fetch>) =>
        answers.shift() ?? answered('Sure.', chatKey(2)),
    );
    const check = botCheck();
    const chat = createServerChat({ client: client(fetcher), botCheck: check });
    await sendAll(chat, 'Hi');
    await sendAll(chat, 'Again');
    const bodies = fetcher.mock.calls.map(
      ([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>,
    );
    expect(fetcher.mock.calls[0]![0]).toBe('https://project.supabase.co/functions/v1/chat');
    expect(bodies[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      input: 'Hi',
      captcha: 'token-1',
      key: null,
      visit_id: visitId(),
      variables: null,
      end: false,
    });
    // The next message carries the chat's key from the first answer, and no token.
    expect(bodies[1]).toMatchObject({
      id: bodies[0]!.id,
      input: 'Again',
      captcha: null,
      key: chatKey(1),
    });
    expect(check.tokens).toBe(1);
    chat.end();
    const ending = JSON.parse(fetcher.mock.calls[2]![1]!.body as string) as Record<string, unknown>;
    expect(ending).toMatchObject({ id: bodies[0]!.id, end: true, key: chatKey(1) });
    expect(fetcher.mock.calls[2]![1]!.keepalive).toBe(true);
    // The next message is a new chat, with a bot check of its own.
    await sendAll(chat, 'New');
    const next = JSON.parse(fetcher.mock.calls[3]![1]!.body as string) as Record<string, unknown>;
    expect(next.id).not.toBe(bodies[0]!.id);
    expect(next.captcha).toBe('token-2');
    expect(next.key).toBeNull();
  });

  it("gives the chat's report ticket (from its first answer) to the lead card when it ends", async () => {
    const report = { id: '7f0c6a52-3c1e-4a7e-9d55-0d7d1a2b3c4d', key: 'r'.repeat(43) };
    const answers = [
      Response.json({ ...webChatAnswer('Sure.', IDS), key: chatKey(1), report }, { status: 200 }),
      answered('Sure.', null),
    ];
    const fetcher = vi.fn(
      async (..._args: Parameters<typeof fetch>) => answers.shift() ?? answered('Ok.', null),
    );
    const chat = createServerChat({ client: client(fetcher), botCheck: botCheck() });
    await sendAll(chat, 'Hi');
    await sendAll(chat, 'Again');
    expect(latestReport()).toBeNull();
    chat.end();
    expect(latestReport()).toMatchObject({ ticket: report, source: 'chat' });
  });

  it("sends the trade of the page with the numbers, on a trade's page", async () => {
    const [trade] = twoTrades();
    window.history.pushState(null, '', trade.path);
    try {
      const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => whole('Sure.'));
      const chat = createServerChat({ client: client(fetcher), botCheck: botCheck() });
      await sendAll(chat, 'Hi');
      const body = JSON.parse(fetcher.mock.calls[0]![1]!.body as string) as { variables: unknown };
      expect(body.variables).toEqual({ trade: trade.slug });
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it.each([
    [429, { code: 'limited', limit: 'day' }, 'spent'],
    [429, { code: 'limited', limit: 'address' }, 'limited'],
    [503, { code: 'unavailable' }, 'unavailable'],
    [502, { code: 'chat_failed' }, 'failed'],
  ])('a %i %j is a ChatError of kind %s', async (status, body, kind) => {
    const chat = createServerChat({
      client: client(async () => Response.json(body, { status })),
      botCheck: botCheck(),
    });
    await expect(sendAll(chat, 'Hi')).rejects.toMatchObject({ kind });
  });

  it.each([
    ['a chat ended elsewhere (409 chat_ended)', 'chat_ended', 409],
    ['a failed bot check (403 captcha_failed)', 'captcha_failed', 403],
  ])('%s is a failed message, and the next one starts a new chat', async (_what, code, status) => {
    const answers = [Response.json({ code }, { status }), answered('Hello.')];
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => answers.shift()!);
    const chat = createServerChat({ client: client(fetcher), botCheck: botCheck() });
    await expect(sendAll(chat, 'Hi')).rejects.toMatchObject({ kind: 'failed' });
    await sendAll(chat, 'Hi');
    const [first, second] = fetcher.mock.calls.map(
      ([, init]) => JSON.parse(init!.body as string) as { id: string; captcha: string },
    );
    expect(second!.id).not.toBe(first!.id);
    expect(second!.captcha).toBe('token-2');
  });

  it('keeps the key from the first answer, sends it with each next message and the end, and never shows it', async () => {
    const answers = [
      answered('One.', chatKey(7)),
      answered('Two.', null),
      answered('Three.', null),
    ];
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => answers.shift()!);
    const check = botCheck();
    const chat = createServerChat({ client: client(fetcher), botCheck: check });
    const shown = [await sendAll(chat, 'a'), await sendAll(chat, 'b'), await sendAll(chat, 'c')];
    expect(shown.map((reply) => reply.shown)).toEqual(['One.', 'Two.', 'Three.']);
    expect(shown.some((reply) => reply.deltas.join('').includes(chatKey(7)))).toBe(false);
    chat.end();
    const bodies = fetcher.mock.calls.map(
      ([, init]) => JSON.parse(init!.body as string) as { captcha: unknown; key: unknown },
    );
    expect(bodies.map((body) => [body.captcha, body.key])).toEqual([
      ['token-1', null],
      [null, chatKey(7)],
      [null, chatKey(7)],
      [null, chatKey(7)],
    ]);
    expect(check.tokens).toBe(1);
  });

  it('a first answer with no key (or a broken one): the next message passes a bot check again', async () => {
    const answers = [answered('One.', null), answered('Two.', 'not a key'), answered('Three.')];
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => answers.shift()!);
    const check = botCheck();
    const chat = createServerChat({ client: client(fetcher), botCheck: check });
    for (const text of ['a', 'b', 'c']) await sendAll(chat, text);
    const bodies = fetcher.mock.calls.map(
      ([, init]) => JSON.parse(init!.body as string) as { id: string; captcha: unknown },
    );
    expect(bodies.map((body) => body.captcha)).toEqual(['token-1', 'token-2', 'token-3']);
    // The same chat: the function knows it by its id from this address.
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
  });

  it('a chat that cannot go on from here (403 not_yours) starts over: a new id, a bot check, no key', async () => {
    const answers = [
      answered('One.', chatKey(1)),
      Response.json({ code: 'not_yours' }, { status: 403 }),
      answered('Again.', chatKey(2)),
      answered('More.', null),
    ];
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => answers.shift()!);
    const check = botCheck();
    const chat = createServerChat({ client: client(fetcher), botCheck: check });
    await sendAll(chat, 'a');
    await expect(sendAll(chat, 'b')).rejects.toMatchObject({ kind: 'restarted' });
    await sendAll(chat, 'b');
    await sendAll(chat, 'c');
    const bodies = fetcher.mock.calls.map(
      ([, init]) =>
        JSON.parse(init!.body as string) as { id: string; captcha: unknown; key: unknown },
    );
    expect(bodies[1]).toMatchObject({ id: bodies[0]!.id, captcha: null, key: chatKey(1) });
    expect(bodies[2]!.id).not.toBe(bodies[0]!.id);
    expect(bodies[2]).toMatchObject({ captcha: 'token-2', key: null });
    expect(bodies[3]).toMatchObject({ id: bodies[2]!.id, captcha: null, key: chatKey(2) });
  });

  it('sends no end before a message was taken, and an end after a refusal of the key sends nothing', async () => {
    const answers = [answered('One.'), Response.json({ code: 'not_yours' }, { status: 403 })];
    const fetcher = vi.fn(async (..._args: Parameters<typeof fetch>) => answers.shift()!);
    const chat = createServerChat({ client: client(fetcher), botCheck: botCheck() });
    chat.end();
    expect(fetcher).not.toHaveBeenCalled();
    await sendAll(chat, 'a');
    await expect(sendAll(chat, 'b')).rejects.toMatchObject({ kind: 'restarted' });
    chat.end();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
