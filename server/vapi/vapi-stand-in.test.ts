/**
 * The Vapi stand-in's status-updates: a phone call's `queued`, `ringing` and
 * `in-progress` sent to the Server URL at the delays POST /mode set, each `timestamp` the call's
 * creation plus its delay; none for a web call; `ended` then the report at /calls/{id}/end; the
 * steps still to come dropped by a mode change and by close, so nothing leaks between tests.
 * Its assistants: POST, GET and PATCH /assistant as Vapi answers them, the repository's assistant
 * there from the start, and each call's and chat's messages sent where, and as, its assistant
 * says. The Server URLs here are one plain HTTP server that records what it receives.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../postgres/database';
import type {
  AssistantDefinition,
  VapiAssistant,
  VapiCall,
} from '../../supabase/functions/_shared/vapi/types';
import { createVapiStandIn, DEFAULT_STATUS_DELAYS, listVapiCalls } from './vapi-stand-in';
import { assistantDefinition } from '../../agent/assistant';
import { CAPTURED_FIELDS } from '../../agent/captured-fields';

const KEY = 'test-private-key';
type Received = {
  message: {
    type: string;
    status?: string;
    timestamp?: number;
    call?: VapiCall;
    analysis?: { structuredData?: Record<string, unknown> };
    artifact?: { transcript?: string };
  };
  /** Where it was sent, and with which secret. */
  path: string;
  secret: string | undefined;
};
/** The repository's assistant, as the local stack has it, under this id. */
const REPO_ASSISTANT = 'repo-assistant';
let repoAssistant: AssistantDefinition;

let dir: string;
let db: PGlite;
let server: Server;
let received: Received[] = [];
let standIn: ReturnType<typeof createVapiStandIn>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vapi-stand-in-'));
  db = await openDatabase(join(dir, 'db'), { log: () => undefined });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        ...(JSON.parse(body) as Omit<Received, 'path' | 'secret'>),
        path: request.url ?? '',
        secret: request.headers['x-vapi-secret'] as string | undefined,
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  repoAssistant = assistantDefinition({
    supabaseUrl: `http://127.0.0.1:${port}`,
    webhookSecret: 'webhook-secret',
    maxCallSeconds: 180,
  });
  standIn = createVapiStandIn(
    db,
    KEY,
    'org-test',
    { url: `http://127.0.0.1:${port}/vapi-events`, secret: 's' },
    // One with nothing set: the org's Server URL and Vapi's default messages.
    { 'assistant-1': {}, [REPO_ASSISTANT]: repoAssistant },
  );
}, 120_000);
afterAll(async () => {
  standIn.close();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
});

const request = (path: string, body: unknown) =>
  standIn.app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const setMode = (body: unknown) => request('/mode', body);
const phoneCall = async () => {
  const before = Date.now();
  const answer = await request('/call', {
    assistantId: 'assistant-1',
    phoneNumberId: 'phone-1',
    customer: { number: '+14155552671' },
  });
  expect(answer.status).toBe(201);
  const call = (await answer.json()) as VapiCall;
  return { call, before, after: Date.now() };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statuses = () => received.map((item) => item.message.status ?? item.message.type);

describe('the Vapi stand-in’s status-updates', () => {
  it('sends a phone call’s steps at the set delays, each timestamp its creation plus its delay', async () => {
    const delays = { queued: 0, ringing: 60, 'in-progress': 120 };
    expect(await (await setMode({ mode: 'ok', statusDelays: delays })).json()).toEqual({
      mode: 'ok',
      statusDelays: delays,
    });
    const { call, before, after } = await phoneCall();
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(3);
    expect(statuses()).toEqual(['queued', 'ringing', 'in-progress']);
    const created = Date.parse(call.createdAt);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(after);
    for (const [index, step] of (['queued', 'ringing', 'in-progress'] as const).entries()) {
      const { message } = received[index]!;
      expect(message.type).toBe('status-update');
      expect(message.timestamp).toBe(created + delays[step]);
      expect(message.call).toMatchObject({ id: call.id, status: step });
      expect(message.call).not.toHaveProperty('endedReason');
    }
  });

  it('a step set to null is never sent; a web call sends none', async () => {
    await setMode({ mode: 'ok', statusDelays: { queued: null, ringing: 0, 'in-progress': null } });
    await phoneCall();
    await request('/call/web', { assistantId: 'assistant-1' });
    await expect.poll(() => statuses()).toEqual(['ringing']);
    // The web call's would have come with it.
    await sleep(200);
    expect(statuses()).toEqual(['ringing']);
  });

  it('a mode change drops the steps still to come, and close drops them too', async () => {
    const later = { queued: 1000, ringing: 1000, 'in-progress': 1000 };
    await setMode({ mode: 'ok', statusDelays: later });
    await phoneCall();
    // Back to the defaults (no statusDelays): this call's steps never come.
    expect(await (await setMode({ mode: 'ok' })).json()).toEqual({
      mode: 'ok',
      statusDelays: DEFAULT_STATUS_DELAYS,
    });
    await setMode({ mode: 'ok', statusDelays: later });
    await phoneCall();
    standIn.close();
    // Past every delay: had either call's steps stayed, six messages would be here.
    await sleep(1300);
    expect(received).toEqual([]);
  });

  it('ending a phone call sends its ended status, then its report', async () => {
    await setMode({
      mode: 'ok',
      statusDelays: { queued: null, ringing: 5_000, 'in-progress': null },
    });
    const { call } = await phoneCall();
    const ended = await standIn.app.request(`http://localhost/calls/${call.id}/end`, {
      method: 'POST',
    });
    expect(ended.status).toBe(200);
    // Both were sent and answered before the end's answer.
    expect(statuses()).toEqual(['ended', 'end-of-call-report']);
    expect(received[0]!.message.call).toMatchObject({
      status: 'ended',
      endedReason: expect.any(String),
    });
    // The call's ring, still to come, was dropped with its end.
    standIn.close();
  });

  it('refuses statusDelays it cannot read, and keeps the mode', async () => {
    for (const statusDelays of [
      { queued: -1 },
      { ringing: 1.5 },
      { ringing: '100' },
      { ringing: 60_001 },
      { ended: 100 },
      [100],
      'fast',
    ]) {
      const answer = await setMode({ mode: 'hang', statusDelays });
      expect(answer.status, JSON.stringify(statusDelays)).toBe(400);
      expect(await answer.json()).toEqual({
        error: 'statusDelays holds queued, ringing, in-progress: each ms from 0 to 60000, or null',
      });
    }
    // The mode is named first when both are wrong.
    expect(await (await setMode({ mode: 'slow', statusDelays: 'fast' })).json()).toEqual({
      error: 'mode is one of ok, reject, fail, hang, created-then-504',
    });
    // Not hanging: the refused requests set nothing.
    await phoneCall();
    expect(await (await setMode({ mode: 'ok', statusDelays: { ringing: 60_000 } })).json()).toEqual(
      {
        mode: 'ok',
        statusDelays: { ...DEFAULT_STATUS_DELAYS, ringing: 60_000 },
      },
    );
  });

  it('refuses a body Vapi would refuse, in Vapi’s words', async () => {
    await setMode({
      mode: 'ok',
      statusDelays: { queued: null, ringing: null, 'in-progress': null },
    });
    const refused = async (path: string, body: unknown) => {
      const answer = await request(path, body);
      expect(answer.status, path).toBe(400);
      return ((await answer.json()) as { message: string[] }).message;
    };
    expect(await refused('/call', [])).toEqual(['body must be an object']);
    expect(
      await refused('/call', {
        assistantId: 'a',
        extra: 1,
        assistantOverrides: {
          maxDurationSeconds: 5,
          'tools:append': [{ type: 'function', function: { name: 'no spaces' } }],
        },
      }),
    ).toEqual([
      'property extra should not exist',
      'assistantOverrides.maxDurationSeconds must not be less than 10 or greater than 43200',
      'assistantOverrides.tools:append.function.name must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64',
      'phoneNumberId or phoneNumber must be provided',
      'customer.number must be a valid phone number in the E.164 format',
    ]);
    expect(await refused('/call/web', { roomDeleteOnUserLeaveEnabled: true })).toEqual([
      'assistantId or assistant must be provided',
    ]);
    expect(await refused('/call/web', { assistantId: 'a', customer: {} })).toEqual([
      'property customer should not exist',
    ]);
    expect(await refused('/chat', { assistantId: 'a', input: 1 })).toEqual([
      'input must be a string or an array',
    ]);
    expect(received).toEqual([]);
  });
});

/** A request to the stand-in as Vapi's API, with `key` as the private key. */
const api = (method: string, path: string, body?: unknown, key = KEY) =>
  standIn.app.request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const listed = async (query = '') =>
  (await (await api('GET', `/assistant${query}`)).json()) as VapiAssistant[];

describe('the Vapi stand-in’s assistants', () => {
  const definition: AssistantDefinition = {
    name: 'Test receptionist',
    firstMessage: 'Hello there.',
    maxDurationSeconds: 180,
    serverMessages: ['end-of-call-report', 'status-update'],
    model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'Hi' }] },
  };
  const create = async (body: AssistantDefinition = definition) => {
    const answer = await api('POST', '/assistant', body);
    expect(answer.status).toBe(201);
    return (await answer.json()) as VapiAssistant;
  };

  it('creates one: 201 with the body as sent, its id, the org and the times', async () => {
    const before = Date.now();
    const made = await create();
    expect(made).toEqual({
      ...definition,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orgId: 'org-test',
      createdAt: made.createdAt,
      updatedAt: made.createdAt,
    });
    expect(Date.parse(made.createdAt)).toBeGreaterThanOrEqual(before);
    expect(await (await api('GET', `/assistant/${made.id}`)).json()).toEqual(made);
  });

  it('refuses a body Vapi would refuse, in Vapi’s words, and stores nothing', async () => {
    const count = (await listed()).length;
    const refused = async (body: unknown) => {
      const answer = await api('POST', '/assistant', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      return ((await answer.json()) as { message: string[] }).message;
    };
    expect(await refused([])).toEqual(['body must be an object']);
    expect(await refused({ ...definition, id: 'mine', serverUrl: 'https://x' })).toEqual([
      'property id should not exist',
      'property serverUrl should not exist',
    ]);
    expect(await refused({ name: 'x'.repeat(41) })).toEqual([
      'name must be shorter than or equal to 40 characters',
    ]);
    expect(await create({ name: 'x'.repeat(40) })).toMatchObject({ name: 'x'.repeat(40) });
    for (const maxDurationSeconds of [9, 43_201, '180'])
      expect(await refused({ maxDurationSeconds })).toEqual([
        'maxDurationSeconds must not be less than 10 or greater than 43200',
      ]);
    expect(await refused({ serverMessages: ['end-of-call-report', 'call-ended'] })).toEqual([
      expect.stringMatching(
        /^each value in serverMessages must be one of the following values: .*end-of-call-report/,
      ),
    ]);
    expect(await refused({ firstMessageMode: 'whenever' })).toEqual([
      expect.stringMatching(/^firstMessageMode must be one of the following values: /),
    ]);
    expect((await listed()).length).toBe(count + 1);
  });

  it('lists them newest first, as many as `limit` asks', async () => {
    const first = await create({ name: 'first' });
    const second = await create({ name: 'second' });
    const all = await listed();
    expect(all.slice(0, 2).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(await listed('?limit=1')).toEqual([second]);
    expect(await listed('?limit=0')).toEqual([]);
    expect((await api('GET', '/assistant?limit=-1')).status).toBe(400);
  });

  it('answers 404 for an assistant it does not have', async () => {
    const answer = await api('GET', `/assistant/${crypto.randomUUID()}`);
    expect(answer.status).toBe(404);
    expect(
      (await api('PATCH', `/assistant/${crypto.randomUUID()}`, { firstMessage: 'x' })).status,
    ).toBe(404);
  });

  it('updates one: each key sent replaces the stored one, the others stay, updatedAt moves on', async () => {
    const made = await create();
    const answer = await api('PATCH', `/assistant/${made.id}`, {
      firstMessage: 'Edited.',
      model: { provider: 'openai', model: 'gpt-4.1' },
    });
    expect(answer.status).toBe(200);
    const updated = (await answer.json()) as VapiAssistant;
    expect(updated).toEqual({
      ...made,
      firstMessage: 'Edited.',
      // Replaced whole, as Vapi does: the messages the body left out are gone.
      model: { provider: 'openai', model: 'gpt-4.1' },
      updatedAt: updated.updatedAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(made.updatedAt));
    expect(await (await api('GET', `/assistant/${made.id}`)).json()).toEqual(updated);
    // The same checks as a create.
    const refused = await api('PATCH', `/assistant/${made.id}`, { voicemail: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: ['property voicemail should not exist'],
    });
    expect(await (await api('GET', `/assistant/${made.id}`)).json()).toEqual(updated);
  });

  it('refuses every assistant route without the private key', async () => {
    const made = await create();
    const count = (await listed()).length;
    for (const [method, path, body] of [
      ['POST', '/assistant', definition],
      ['GET', '/assistant', undefined],
      ['GET', `/assistant/${made.id}`, undefined],
      ['PATCH', `/assistant/${made.id}`, { firstMessage: 'x' }],
    ] as const) {
      const answer = await api(method, path, body, 'public-key');
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(await answer.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
    }
    expect((await listed()).length).toBe(count);
    expect(await (await api('GET', `/assistant/${made.id}`)).json()).toEqual(made);
  });
});

describe('calls and chats run the assistant they name', () => {
  const quiet = () =>
    setMode({ mode: 'ok', statusDelays: { queued: null, ringing: null, 'in-progress': null } });
  const started = async (path: '/call' | '/call/web' | '/chat', body: Record<string, unknown>) => {
    const phone =
      path === '/call' ? { phoneNumberId: 'p', customer: { number: '+14155552671' } } : {};
    const answer = await api('POST', path, { ...phone, ...body });
    expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(201);
    return (await answer.json()) as { id: string; sessionId?: string };
  };
  const end = async (id: string) => standIn.app.request(`/calls/${id}/end`, { method: 'POST' });
  const reportOf = async (id: string) => {
    expect((await end(id)).status).toBe(200);
    return received.find((item) => item.message.type === 'end-of-call-report')!;
  };

  it('has the repository’s assistant from the start, under the functions’ id', async () => {
    const answer = await api('GET', `/assistant/${REPO_ASSISTANT}`);
    expect(answer.status).toBe(200);
    const assistant = (await answer.json()) as VapiAssistant;
    expect(assistant).toEqual({
      ...repoAssistant,
      id: REPO_ASSISTANT,
      orgId: 'org-test',
      createdAt: expect.any(String),
      updatedAt: assistant.createdAt,
    });
    expect((await listed()).map((item) => item.id)).toContain(REPO_ASSISTANT);
  });

  it('refuses a call or chat naming an assistant the org lacks, as Vapi does, and records none', async () => {
    await quiet();
    const before = (await listVapiCalls(db)).length;
    for (const path of ['/call/web', '/chat'] as const) {
      const input = path === '/chat' ? { input: 'Hi' } : {};
      const answer = await api('POST', path, { assistantId: 'nobody', ...input });
      expect(answer.status, path).toBe(400);
      expect(await answer.json()).toMatchObject({
        message: ["Couldn't Get Assistant. `assistantId` nobody Does Not Exist."],
      });
    }
    expect((await listVapiCalls(db)).length).toBe(before);
    // One the call brings along needs no id.
    await started('/call/web', { assistant: { firstMessage: 'Hi.' } });
    expect(received).toEqual([]);
  });

  it('sends a call’s messages to its assistant’s Server URL with its headers; one without, to the org’s', async () => {
    await quiet();
    const repo = await started('/call/web', { assistantId: REPO_ASSISTANT });
    await reportOf(repo.id);
    const plain = await started('/call/web', { assistantId: 'assistant-1' });
    await reportOf(plain.id);
    expect(received.map(({ path, secret }) => ({ path, secret }))).toEqual([
      { path: '/functions/v1/vapi-events', secret: 'webhook-secret' },
      { path: '/vapi-events', secret: 's' },
    ]);
  });

  it('sends only the messages its assistant’s serverMessages name', async () => {
    await setMode({ mode: 'ok', statusDelays: { queued: 0, ringing: 0, 'in-progress': 0 } });
    const server = { url: repoAssistant.server!.url, headers: { 'x-vapi-secret': 'own' } };
    const reportsOnly = (await (
      await api('POST', '/assistant', { server, serverMessages: ['end-of-call-report'] })
    ).json()) as VapiAssistant;
    const statusOnly = (await (
      await api('POST', '/assistant', { server, serverMessages: ['status-update'] })
    ).json()) as VapiAssistant;

    const first = await started('/call', { assistantId: reportsOnly.id });
    await sleep(100);
    expect(statuses()).toEqual([]);
    await reportOf(first.id);
    expect(statuses()).toEqual(['end-of-call-report']);
    expect(received[0]!.secret).toBe('own');

    received = [];
    const second = await started('/call', { assistantId: statusOnly.id });
    await expect.poll(() => statuses()).toEqual(['queued', 'ringing', 'in-progress']);
    const ended = await end(second.id);
    expect(ended.status).toBe(409);
    expect(await ended.json()).toEqual({
      error: "the assistant's serverMessages leave out end-of-call-report",
    });
    expect(statuses()).toEqual(['queued', 'ringing', 'in-progress', 'ended']);
  });

  it('sends a chat’s report to its assistant’s Server URL, if its serverMessages name session.updated', async () => {
    await quiet();
    for (const assistantId of [REPO_ASSISTANT, 'assistant-1']) {
      const chat = await started('/chat', { assistantId, input: 'Hi' });
      const answer = await api('PATCH', `/session/${chat.sessionId}`, { status: 'completed' });
      expect(answer.status).toBe(200);
    }
    // Vapi's default list leaves session.updated out: assistant-1's chat sends nothing.
    await sleep(200);
    expect(received.map(({ message, path, secret }) => [message.type, path, secret])).toEqual([
      ['session.updated', '/functions/v1/vapi-events', 'webhook-secret'],
    ]);
  });

  it('reports a value for each field of the assistant’s plan, and a transcript that opens with the call’s first message', async () => {
    await quiet();
    const repo = await reportOf((await started('/call/web', { assistantId: REPO_ASSISTANT })).id);
    const data = repo.message.analysis!.structuredData!;
    expect(Object.keys(data).sort()).toEqual(Object.keys(CAPTURED_FIELDS).sort());
    for (const [field, value] of Object.entries(data))
      expect(value, field).toEqual(expect.stringMatching(/\S/));
    expect(CAPTURED_FIELDS.urgency.enum).toContain(data.urgency);
    expect(repo.message.artifact!.transcript!.split('\n')[0]).toBe(
      `AI: ${repoAssistant.firstMessage}`,
    );

    received = [];
    const overridden = await started('/call/web', {
      assistantId: REPO_ASSISTANT,
      assistantOverrides: { firstMessage: 'Hi, this is the override.' },
    });
    expect((await reportOf(overridden.id)).message.artifact!.transcript).toMatch(
      /^AI: Hi, this is the override\.\n/,
    );

    // A plan of its own: the sample's value of each field, or a placeholder.
    received = [];
    const own = (await (
      await api('POST', '/assistant', {
        firstMessage: 'Own words.',
        analysisPlan: {
          structuredDataPlan: {
            enabled: true,
            schema: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                callbackTime: { type: 'string' },
              },
            },
          },
        },
      })
    ).json()) as VapiAssistant;
    const ownReport = await reportOf((await started('/call/web', { assistantId: own.id })).id);
    expect(ownReport.message.analysis!.structuredData).toEqual({
      name: 'Dana Lee',
      callbackTime: 'sample callbackTime',
    });
    expect(ownReport.message.artifact!.transcript).toMatch(/^AI: Own words\.\n/);

    // A plan not enabled writes none down, as Vapi's default is off.
    received = [];
    await api('PATCH', `/assistant/${own.id}`, {
      analysisPlan: { structuredDataPlan: { schema: { type: 'object' } } },
    });
    const off = await reportOf((await started('/call/web', { assistantId: own.id })).id);
    expect(off.message.analysis).not.toHaveProperty('structuredData');
  });
});
