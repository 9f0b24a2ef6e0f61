/**
 * chat (server mode) through the local stack, as a page and a stranger reach it: the function
 * (Deno), its claims in the database, the Vapi stand-in's POST /chat and PATCH /session, and the
 * chat's report through vapi-events, with the anon key over HTTP. The limits hold under 50
 * messages at once, and the worst a stranger does is bounded by the day's messages.
 */
import { describe, expect, it } from 'vitest';
import type { ChatBody } from '../supabase/functions/_shared/contracts/chat';
import { chatReplyTo } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateChatBody, WebChatAnswer } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import {
  insertHeaders,
  listeningStackForTests,
  nextAddress,
  postToFunction,
  randomLead,
} from './test-helpers';

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
      body: (await response.json()) as Partial<WebChatAnswer> & { code?: string; limit?: string },
    };
  };
  const json = async <T>(path: string) =>
    (await (await fetch(`${local.origin}${path}`)).json()) as T;
  return { local, send, json };
}

describe('chat through the local stack', () => {
  const { local, send, json } = stackWith();

  it('answers a chat with its own assistant, continues its session, and its end brings the report to the visit', async () => {
    const id = crypto.randomUUID();
    const visit = crypto.randomUUID();
    const first = await send({
      id,
      input: 'Do you answer at night?',
      captcha: TOKEN,
      visit_id: visit,
    });
    expect(first.status).toBe(200);
    expect(first.body.output).toEqual([
      { role: 'assistant', content: chatReplyTo('Do you answer at night?') },
    ]);
    const next = await send({ id, input: 'And Sundays?', captcha: null, visit_id: visit });
    expect(next.status).toBe(200);
    const chats = (
      await json<{ path: string; body: CreateChatBody }[]>(LOCAL_ROUTES.vapiCallsJson)
    ).filter(
      (call) => call.path === '/chat' && call.body.assistantOverrides?.metadata?.web_chat_id === id,
    );
    expect(chats).toHaveLength(2);
    expect(chats[0]!.body).toEqual({
      assistantId: 'test-assistant',
      input: 'Do you answer at night?',
      assistantOverrides: {
        variableValues: { visit_id: visit },
        metadata: { visit_id: visit, web_chat_id: id },
      },
    });
    expect(chats[1]!.body.sessionId).toEqual(expect.any(String));
    expect((await send({ id, end: true })).status).toBe(200);
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
    const after = await send({ id, input: 'Hello?', captcha: null });
    expect(after).toMatchObject({ status: 409, body: { code: 'chat_ended' } });
  });

  it('takes no chat without a bot check, and holds 5 new chats per address under 50 at once', async () => {
    const unverified = await send({ id: crypto.randomUUID(), input: 'Hi', captcha: null });
    expect(unverified.status).toBe(403);
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
