/**
 * The claims of server-mode chat messages at the SQL level (public.web_chat_claim):
 * a new chat only after a bot check, each limit, the end, a chat's report kept as webChat, the
 * grants, and (on a real PostgreSQL server) every limit exact under 50 messages at once.
 */
import { describe, expect, it } from 'vitest';
import type { DefaultGrants } from '../../server/postgres/database';
import { asRequest, type ApiRole } from '../../server/postgres/request-role';
import { databaseFor, ENGINES, rpc } from './engines';

const LIMITS = {
  per_address: 5,
  per_address_window: 3600,
  messages_per_chat: 20,
  messages_per_day: 500,
};

let serial = 0;
const nextAddress = () => {
  serial += 1;
  return `198.18.${Math.floor(serial / 250) % 250}.${serial % 250}`;
};
const message = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  client_address: nextAddress(),
  address_source: 'cf-connecting-ip',
  visit_id: crypto.randomUUID(),
  verified: true,
  limits: LIMITS,
  ...extra,
});

describe.each(ENGINES)('on %s', (_engineName, engine) => {
  describe.each<DefaultGrants>(['none', 'all'])(
    'web chat claims, new tables getting %s grants',
    (defaultGrants) => {
      const { db, requests } = databaseFor(engine, defaultGrants);
      const call = (name: string, request: object, role?: ApiRole) =>
        rpc(requests, name, request, role);
      const claim = (request: object) => call('web_chat_claim', request);
      const forget = () => db.query('delete from public.web_chats');

      it('starts a chat only after a bot check, then takes its next messages without one', async () => {
        await forget();
        const first = message();
        expect(await claim({ ...first, verified: false })).toEqual({ outcome: 'unverified' });
        expect(await claim(first)).toEqual({ outcome: 'message', vapi_session_id: null });
        await call('web_chat_record', { id: first.id, vapi_session_id: 'session-1' });
        // The next message, from another address (a phone changes networks): the same chat.
        expect(await claim({ ...first, verified: false, client_address: nextAddress() })).toEqual({
          outcome: 'message',
          vapi_session_id: 'session-1',
        });
        // The session is recorded once.
        await call('web_chat_record', { id: first.id, vapi_session_id: 'session-2' });
        expect((await claim(first)) as { vapi_session_id: string }).toMatchObject({
          vapi_session_id: 'session-1',
        });
      });

      it('ends a chat once: its session to complete, then nothing; an ended chat takes no message', async () => {
        await forget();
        const chat = message();
        await claim(chat);
        await call('web_chat_record', { id: chat.id, vapi_session_id: 'session-9' });
        expect(await call('web_chat_end', { id: chat.id })).toEqual({
          vapi_session_id: 'session-9',
        });
        expect(await call('web_chat_end', { id: chat.id })).toEqual({ vapi_session_id: null });
        expect(await claim(chat)).toEqual({ outcome: 'ended' });
        expect(await call('web_chat_end', { id: crypto.randomUUID() })).toEqual({
          vapi_session_id: null,
        });
      });

      it('holds new chats per address (one IPv6 /48, any of its /64s, as one), messages per chat and the day', async () => {
        await forget();
        for (let i = 0; i < 5; i += 1)
          expect(await claim(message({ client_address: `2001:db8:7:${i + 1}::1` }))).toMatchObject({
            outcome: 'message',
          });
        const sixth = await claim(message({ client_address: '2001:db8:7:ff::ff' }));
        expect(sixth).toMatchObject({ outcome: 'limited', limit: 'address' });
        expect((sixth as { retry_after: number }).retry_after).toBeGreaterThan(3500);

        await forget();
        const long = message({ limits: { ...LIMITS, messages_per_chat: 3 } });
        for (let i = 0; i < 3; i += 1)
          expect(await claim(long)).toMatchObject({ outcome: 'message' });
        expect(await claim(long)).toMatchObject({
          outcome: 'limited',
          limit: 'chat',
          retry_after: 60,
        });

        await forget();
        const day = { ...LIMITS, messages_per_day: 4 };
        const chat = message({ limits: day });
        for (let i = 0; i < 3; i += 1)
          expect(await claim(chat)).toMatchObject({ outcome: 'message' });
        expect(await claim(message({ limits: day }))).toMatchObject({ outcome: 'message' });
        expect(await claim(message({ limits: day }))).toMatchObject({
          outcome: 'limited',
          limit: 'day',
        });
        expect(await claim(chat)).toMatchObject({ outcome: 'limited', limit: 'day' });
      });

      it("keeps a chat's report beside the calls' as webChat", async () => {
        const chat = message();
        expect(await claim(chat)).toEqual({ outcome: 'message', vapi_session_id: null });
        const session = `session-${crypto.randomUUID()}`;
        await call('web_chat_record', { id: chat.id, vapi_session_id: session });
        expect(
          await call('demo_call_store', {
            vapi_call_id: session,
            kind: 'webChat',
            transcript: 'User: Hi\nAI: Hello!',
          }),
        ).toEqual({ stored: true });
      });

      it.runIf(engine.concurrent)(
        'holds every limit exactly under 50 messages at once',
        async () => {
          await forget();
          const oneAddress = await Promise.all(
            Array.from({ length: 50 }, () => claim(message({ client_address: '203.0.113.77' }))),
          );
          expect(oneAddress.filter((answer) => answer.outcome === 'message')).toHaveLength(5);
          await forget();
          const chat = message({ limits: { ...LIMITS, messages_per_chat: 3 } });
          const oneChat = await Promise.all(Array.from({ length: 50 }, () => claim(chat)));
          expect(oneChat.filter((answer) => answer.outcome === 'message')).toHaveLength(3);
          await forget();
          const day = { ...LIMITS, messages_per_day: 7 };
          const many = await Promise.all(
            Array.from({ length: 50 }, () => claim(message({ limits: day }))),
          );
          expect(many.filter((answer) => answer.outcome === 'message')).toHaveLength(7);
        },
        60_000,
      );

      it('gives the public keys no way in: no read, no write, no claim', async () => {
        for (const role of ['anon', 'authenticated'] as const) {
          for (const name of ['web_chat_claim', 'web_chat_record', 'web_chat_end'])
            await expect(call(name, message(), role)).rejects.toThrow(/permission denied/);
          for (const table of ['web_chats', 'web_chat_messages'])
            await expect(
              asRequest(requests, { method: 'GET', path: `/${table}`, headers: {}, role }, (tx) =>
                tx.query(`select * from public.${table}`),
              ),
            ).rejects.toThrow(/permission denied/);
        }
      });
    },
  );
});
