import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { rowsOf } from '../postgres/database';
import { isObject } from '../postgrest/postgrest-errors';
import {
  chatReplyTo,
  completedSession,
  createdAssistant,
  createdChat,
  endOfCallReport,
  queuedCall,
  queuedWebCall,
  type ReportingAssistant,
  statusUpdate,
  toolCallsMessage,
  updatedAssistant,
} from '../../supabase/functions/_shared/vapi/fixtures';
import {
  ASSISTANT_NAME_MAX,
  VAPI_SECRET_HEADER,
} from '../../supabase/functions/_shared/vapi/client';
import type {
  AssistantDefinition,
  AssistantOverrides,
  AssistantServerMessage,
  CreateCallBody,
  CreateChatBody,
  CreateWebCallBody,
  ToolsAppendItem,
  UpdateAssistantBody,
  UpdateSessionBody,
  VapiAssistant,
  VapiCall,
} from '../../supabase/functions/_shared/vapi/types';

/**
 * Vapi's API for the local stack (the functions' VAPI_API_URL), only what the site and its agent
 * scripts call: POST /call, POST /call/web, POST /chat, PATCH /session/{id}, and POST, GET and
 * PATCH /assistant. Each checks the private key and the body as Vapi does (an unknown top-level
 * property is refused), records the body and answers with Vapi's documented answer (the shared
 * fixtures). A call or chat runs the assistant it names (one it does not know is refused, as Vapi
 * refuses it) or brings: its messages go to that assistant's Server URL with its headers (else
 * to the org's, with its secret), only those its `serverMessages` name, and its report follows
 * its first message and analysis plan. Narrower than Vapi: no call is placed, a chat's reply is
 * one scripted line, a report lasts REPORT_DURATION_SECONDS whatever `maxDurationSeconds` says,
 * sessions and assistants live as long as the process, /chat/web and DELETE /assistant are not
 * stood in for, GET /assistant honours `limit` alone, and only the parts of a body the site and
 * agent/assistant.ts send are checked. A phone call's status-updates come on a timer whatever the
 * number; `ended` only from POST /calls/{id}/end.
 */

/** created-then-504: the call is recorded, as Vapi's origin creates it, then its edge answers 504. */
const MODES = ['ok', 'reject', 'fail', 'hang', 'created-then-504'] as const;
type VapiMode = (typeof MODES)[number];

const STATUS_STEPS = ['queued', 'ringing', 'in-progress'] as const;
const STATUS_DELAY_MAX = 60_000;
/** A step's delay after the call's creation, in ms; null: never sent. */
const stepDelay = (ms: number) => z.int().min(0).max(STATUS_DELAY_MAX).nullable().default(ms);
/** POST /mode's `statusDelays`; each step left out is its default. */
const STATUS_DELAYS = z
  .strictObject({
    queued: stepDelay(100),
    ringing: stepDelay(2500),
    'in-progress': stepDelay(6000),
  })
  .prefault({});
export const DEFAULT_STATUS_DELAYS = STATUS_DELAYS.parse(undefined);
/** POST /mode's body; a problem with the mode is named before one with the delays. */
const MODE_BODY = z.object({ mode: z.enum(MODES), statusDelays: STATUS_DELAYS });

const WHO_ANSWERS = {
  assistantVersion: true,
  assistantId: true,
  assistant: true,
  assistantOverrides: true,
  squadId: true,
  squad: true,
  squadOverrides: true,
  workflowId: true,
  workflow: true,
  workflowOverrides: true,
} as const satisfies Partial<Record<keyof CreateCallBody & keyof CreateWebCallBody, true>>;

/** The top-level properties of Vapi's create DTOs: every key of their types, and only those. */
const CALL_PROPERTIES: Record<keyof CreateCallBody, true> = {
  ...WHO_ANSWERS,
  transport: true,
  customers: true,
  name: true,
  schedulePlan: true,
  phoneNumberId: true,
  phoneNumber: true,
  customerId: true,
  customer: true,
};
const WEB_CALL_PROPERTIES: Record<keyof CreateWebCallBody, true> = {
  ...WHO_ANSWERS,
  roomDeleteOnUserLeaveEnabled: true,
};
const CHAT_PROPERTIES: Record<keyof CreateChatBody, true> = {
  assistantId: true,
  assistant: true,
  assistantOverrides: true,
  squadId: true,
  squad: true,
  name: true,
  sessionId: true,
  input: true,
  stream: true,
  previousChatId: true,
  transport: true,
};

/** The top-level properties of POST /assistant's and PATCH /assistant/{id}'s bodies. */
const ASSISTANT_PROPERTIES = {
  transcriber: true,
  model: true,
  voice: true,
  firstMessage: true,
  firstMessageInterruptionsEnabled: true,
  firstMessageMode: true,
  voicemailDetection: true,
  clientMessages: true,
  serverMessages: true,
  maxDurationSeconds: true,
  backgroundSound: true,
  modelOutputInMessagesEnabled: true,
  transportConfigurations: true,
  observabilityPlan: true,
  credentials: true,
  hooks: true,
  name: true,
  voicemailMessage: true,
  endCallMessage: true,
  endCallPhrases: true,
  compliancePlan: true,
  metadata: true,
  backgroundSpeechDenoisingPlan: true,
  analysisPlan: true,
  artifactPlan: true,
  startSpeakingPlan: true,
  stopSpeakingPlan: true,
  monitorPlan: true,
  credentialIds: true,
  server: true,
  keypadInputPlan: true,
} as const satisfies Record<keyof AssistantDefinition, true> &
  Record<keyof UpdateAssistantBody, true>;

/** Every message an assistant's `serverMessages` may name. */
const SERVER_MESSAGES: Record<AssistantServerMessage, true> = {
  'assistant.started': true,
  'assistant.speechStarted': true,
  'conversation-update': true,
  'end-of-call-report': true,
  'function-call': true,
  hang: true,
  'language-changed': true,
  'language-change-detected': true,
  'model-output': true,
  'phone-call-control': true,
  'speech-update': true,
  'status-update': true,
  transcript: true,
  'transcript[transcriptType="final"]': true,
  'tool-calls': true,
  'transfer-destination-request': true,
  'handoff-destination-request': true,
  'transfer-update': true,
  'user-interrupted': true,
  'voice-input': true,
  'chat.created': true,
  'chat.deleted': true,
  'session.created': true,
  'session.updated': true,
  'session.deleted': true,
  'call.deleted': true,
  'call.delete.failed': true,
  'call.artifact.upload': true,
};

/** What Vapi sends an assistant's Server URL when its `serverMessages` are not set. */
const DEFAULT_SERVER_MESSAGES: readonly AssistantServerMessage[] = [
  'conversation-update',
  'end-of-call-report',
  'function-call',
  'hang',
  'speech-update',
  'status-update',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'user-interrupted',
  'assistant.started',
];

/** GET /assistant's `limit` when none is asked for, as Vapi documents it. */
const LIST_LIMIT = 100;

const FIRST_MESSAGE_MODES: NonNullable<AssistantOverrides['firstMessageMode']>[] = [
  'assistant-speaks-first',
  'assistant-speaks-first-with-model-generated-message',
  'assistant-waits-for-user',
];
/** As Vapi's OpenAiFunction documents it. */
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_DURATION = { min: 10, max: 43_200 };

const E164 = /^\+[1-9]\d{6,14}$/;

const INVALID_KEY = {
  message:
    'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
  error: 'Unauthorized',
  statusCode: 401,
};

function badRequest(messages: string[]) {
  return { message: messages, error: 'Bad Request', statusCode: 400 };
}

/** A hang: until the caller gives up, or a minute at most. */
export function untilGivenUp(signal: AbortSignal): Promise<void> {
  const until = AbortSignal.any([signal, AbortSignal.timeout(60_000)]);
  return new Promise((resolve) => until.addEventListener('abort', () => resolve()));
}

type CreatePath = '/call' | '/call/web' | '/chat';
const PROPERTIES: Record<CreatePath, Record<string, true>> = {
  '/call': CALL_PROPERTIES,
  '/call/web': WEB_CALL_PROPERTIES,
  '/chat': CHAT_PROPERTIES,
};

/** What is wrong with the length and the first message's mode an assistant or override sets. */
function speakingProblems(
  set: Pick<AssistantOverrides, 'maxDurationSeconds' | 'firstMessageMode'>,
  prefix: string,
): string[] {
  const problems: string[] = [];
  const seconds: unknown = set.maxDurationSeconds;
  if (
    seconds !== undefined &&
    !(typeof seconds === 'number' && seconds >= MAX_DURATION.min && seconds <= MAX_DURATION.max)
  ) {
    problems.push(
      `${prefix}maxDurationSeconds must not be less than ${MAX_DURATION.min} or greater than ${MAX_DURATION.max}`,
    );
  }
  if (set.firstMessageMode !== undefined && !FIRST_MESSAGE_MODES.includes(set.firstMessageMode)) {
    problems.push(
      `${prefix}firstMessageMode must be one of the following values: ${FIRST_MESSAGE_MODES.join(', ')}`,
    );
  }
  return problems;
}

/** What is wrong with an assistant's body (create and update alike), in Vapi's words where known. */
function assistantProblemsOf(body: unknown): string[] {
  if (!isObject(body)) return ['body must be an object'];
  const problems = Object.keys(body)
    .filter((key) => !Object.hasOwn(ASSISTANT_PROPERTIES, key))
    .map((key) => `property ${key} should not exist`);
  const assistant = body as AssistantDefinition;
  if (
    assistant.name !== undefined &&
    !(typeof assistant.name === 'string' && assistant.name.length <= ASSISTANT_NAME_MAX)
  )
    problems.push(`name must be shorter than or equal to ${ASSISTANT_NAME_MAX} characters`);
  problems.push(...speakingProblems(assistant, ''));
  const messages: unknown = assistant.serverMessages;
  if (
    messages !== undefined &&
    !(
      Array.isArray(messages) &&
      messages.every((item) => typeof item === 'string' && Object.hasOwn(SERVER_MESSAGES, item))
    )
  )
    problems.push(
      `each value in serverMessages must be one of the following values: ${Object.keys(SERVER_MESSAGES).join(', ')}`,
    );
  return problems;
}

/** What is wrong with a body, in Vapi's words where known. */
function problemsOf(path: CreatePath, body: unknown): string[] {
  if (!isObject(body)) return ['body must be an object'];
  const problems = Object.keys(body)
    .filter((key) => !Object.hasOwn(PROPERTIES[path], key))
    .map((key) => `property ${key} should not exist`);
  if (typeof body.assistantId !== 'string' && typeof body.assistant !== 'object') {
    problems.push('assistantId or assistant must be provided');
  }
  const overrides = (body.assistantOverrides ?? {}) as AssistantOverrides;
  problems.push(...speakingProblems(overrides, 'assistantOverrides.'));
  const appended: unknown = overrides['tools:append'];
  if (appended !== undefined && !Array.isArray(appended))
    problems.push('assistantOverrides.tools:append must be an array');
  for (const tool of Array.isArray(appended) ? (appended as ToolsAppendItem[]) : []) {
    if (tool.type === 'function' && !FUNCTION_NAME.test(String(tool.function?.name)))
      problems.push(
        'assistantOverrides.tools:append.function.name must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64',
      );
  }
  if (path === '/call') {
    if (typeof body.phoneNumberId !== 'string' && typeof body.phoneNumber !== 'object') {
      problems.push('phoneNumberId or phoneNumber must be provided');
    }
    const customer = body.customer as { number?: unknown } | undefined;
    if (typeof customer?.number !== 'string' || !E164.test(customer.number)) {
      problems.push('customer.number must be a valid phone number in the E.164 format');
    }
  }
  if (path === '/chat' && typeof body.input !== 'string' && !Array.isArray(body.input))
    problems.push('input must be a string or an array');
  return problems;
}

/** The org's Server URL, and the secret Vapi sends it as `x-vapi-secret`. */
interface ServerUrl {
  url: string;
  secret: string;
}

/** What of the assistant a call or chat names decides where its messages go, and which. */
type CalledAssistant = Pick<AssistantDefinition, 'server' | 'serverMessages'> & ReportingAssistant;

/** Where a message goes and with which headers, and the messages sent there. */
interface ServerTarget {
  url: string;
  headers: Record<string, string>;
  messages: readonly string[];
}

/** Vapi's refusal of a call or chat naming an assistant the org does not have. */
const noSuchAssistant = (id: string) =>
  badRequest([`Couldn't Get Assistant. \`assistantId\` ${id} Does Not Exist.`]);

const created = (
  path: string,
  body: CreateCallBody,
  ids: { id: string; orgId: string },
  at?: Date,
): VapiCall => (path === '/call/web' ? queuedWebCall(body, ids, at) : queuedCall(body, ids, at));

export function createVapiStandIn(
  db: PGlite,
  privateKey: string,
  orgId: string,
  serverUrl?: ServerUrl,
  /** The assistants the org has from the start, by id. */
  seeded: Record<string, AssistantDefinition> = {},
) {
  let mode: VapiMode = 'ok';
  let statusDelays = DEFAULT_STATUS_DELAYS;
  /** Each call's status-updates, until its end, the next mode change or close. */
  const pendingSteps = new Map<string, NodeJS.Timeout[]>();
  const dropSteps = (callId?: string) => {
    for (const [id, timers] of pendingSteps) {
      if (callId !== undefined && id !== callId) continue;
      timers.forEach(clearTimeout);
      pendingSteps.delete(id);
    }
  };
  const sessions = new Map<
    string,
    {
      visitId: string | null;
      assistantId: string;
      /** One the chat brought along. */
      assistant: CalledAssistant | undefined;
      open: boolean;
    }
  >();
  /** Newest last. */
  const assistants = new Map<string, VapiAssistant>();
  const startedAt = new Date();
  for (const [id, definition] of Object.entries(seeded))
    assistants.set(id, createdAssistant(definition, { id, orgId }, startedAt));
  const app = new Hono();

  /** The assistant a call or chat runs: the one it brings, else the org's it names. */
  const assistantOf = (request: {
    assistantId?: string;
    assistant?: CalledAssistant;
  }): CalledAssistant | undefined =>
    request.assistant ??
    (request.assistantId === undefined ? undefined : assistants.get(request.assistantId));

  /**
   * Where the messages of a call or chat with `assistant` go: its own Server URL with its own
   * headers, else the org's; null when neither is set.
   */
  const targetOf = (assistant: CalledAssistant | undefined): ServerTarget | null => {
    const messages = assistant?.serverMessages ?? DEFAULT_SERVER_MESSAGES;
    const own = assistant?.server;
    if (own?.url)
      return {
        url: own.url,
        headers: Object.fromEntries(
          Object.entries(own.headers ?? {}).map(([name, value]) => [name, String(value)]),
        ),
        messages,
      };
    return serverUrl
      ? { url: serverUrl.url, headers: { [VAPI_SECRET_HEADER]: serverUrl.secret }, messages }
      : null;
  };

  const recordedCall = async (
    id: string,
  ): Promise<{
    call: VapiCall;
    target: ServerTarget | null;
    assistant?: CalledAssistant;
  } | null> => {
    const found = await db.query<{ path: string; body: CreateCallBody; received_at: Date }>(
      'select path, body, received_at from local_stack.vapi_calls where call_id = $1',
      [id],
    );
    const recorded = found.rows[0];
    if (!recorded) return null;
    const assistant = assistantOf(recorded.body);
    return {
      call: created(recorded.path, recorded.body, { id, orgId }, new Date(recorded.received_at)),
      target: targetOf(assistant),
      assistant,
    };
  };

  /** Sends `message` if the target takes its type; false if it does not. */
  const post = (target: ServerTarget, message: { message: { type?: string } }) =>
    target.messages.includes(String(message.message.type))
      ? fetch(target.url, {
          method: 'POST',
          headers: { ...target.headers, 'content-type': 'application/json' },
          body: JSON.stringify(message),
        })
      : Promise.resolve(false as const);
  const deliver = async (
    c: Context,
    target: ServerTarget | null,
    message: { message: { type?: string } },
  ) => {
    if (!target) return noServerUrl(c);
    const response = await post(target, message);
    if (response === false)
      return c.json(
        { error: `the assistant's serverMessages leave out ${String(message.message.type)}` },
        409,
      );
    return c.json({
      delivered: response.ok,
      status: response.status,
      answer: await response.json(),
    });
  };
  const noServerUrl = (c: Context) =>
    c.json(
      { error: 'no Server URL (the assistant has none, and the functions are not running)' },
      409,
    );

  app.post('/calls/:id/end', async (c) => {
    const recorded = await recordedCall(c.req.param('id'));
    if (!recorded) return c.json({ error: 'no such call' }, 404);
    const { call, target, assistant } = recorded;
    if (call.type === 'outboundPhoneCall' && target) {
      dropSteps(call.id);
      await post(target, statusUpdate(call, 'ended', new Date())).catch(() => undefined);
    }
    return deliver(c, target, endOfCallReport(call, new Date(), {}, assistant));
  });

  // A model can only call the tools its call was given.
  app.post('/calls/:id/tool-calls', async (c) => {
    const recorded = await recordedCall(c.req.param('id'));
    if (!recorded) return c.json({ error: 'no such call' }, 404);
    const { call, target } = recorded;
    const body = (await c.req.json().catch(() => ({}))) as { name?: unknown };
    const given = (call.assistantOverrides?.['tools:append'] ?? []).some(
      (tool) => tool.type === 'function' && tool.function?.name === body.name,
    );
    if (typeof body.name !== 'string' || !given)
      return c.json(
        { error: `the call was given no function tool named ${String(body.name)}` },
        409,
      );
    const id = `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    return deliver(c, target, toolCallsMessage(call, [{ id, name: body.name }], new Date()));
  });

  const sendSteps = (server: ServerTarget, call: VapiCall, at: Date) => {
    const timers = STATUS_STEPS.flatMap((step) => {
      const delay = statusDelays[step];
      if (delay === null) return [];
      const message = statusUpdate(call, step, new Date(at.getTime() + delay));
      return [setTimeout(() => void post(server, message).catch(() => undefined), delay).unref()];
    });
    pendingSteps.set(call.id, timers);
  };

  const startCall = (path: '/call' | '/call/web', body: CreateCallBody, id: string) => {
    const at = new Date();
    const call = created(path, body, { id, orgId }, at);
    const target = targetOf(assistantOf(body));
    if (path === '/call' && target) sendSteps(target, call, at);
    return call;
  };

  const startChat = (chat: CreateChatBody, id: string) => {
    const sessionId = chat.sessionId ?? randomUUID();
    if (!sessions.has(sessionId)) {
      const visit = chat.assistantOverrides?.variableValues?.visit_id;
      sessions.set(sessionId, {
        visitId: typeof visit === 'string' ? visit : null,
        assistantId: chat.assistantId ?? '',
        assistant: chat.assistant,
        open: true,
      });
    }
    const input = typeof chat.input === 'string' ? chat.input : JSON.stringify(chat.input);
    return createdChat(chat, chatReplyTo(input), { id, orgId, sessionId });
  };

  const keyRefused = (c: Context) => c.req.header('authorization') !== `Bearer ${privateKey}`;

  /**
   * A create as the mode has Vapi answer: `store` keeps what was created (not on a refusal or a
   * failure) and gives the 201's body.
   */
  const createInMode = async (
    c: Context,
    what: 'call' | 'chat' | 'assistant',
    store: () => Promise<unknown>,
  ) => {
    if (mode === 'hang') {
      await untilGivenUp(c.req.raw.signal);
      return c.json({ message: 'gateway timeout' }, 504);
    }
    if (mode === 'reject')
      return c.json(badRequest([`Couldn't create ${what} (local stand-in told to refuse).`]), 400);
    if (mode === 'fail') return c.json({ message: 'Internal server error', statusCode: 500 }, 500);
    const answer = await store();
    if (mode === 'created-then-504') return c.text('upstream request timeout', 504);
    return c.json(answer, 201);
  };

  for (const path of ['/call', '/call/web', '/chat'] as const)
    app.post(path, async (c) => {
      if (keyRefused(c)) return c.json(INVALID_KEY, 401);
      const body: unknown = await c.req.json().catch(() => undefined);
      const problems = problemsOf(path, body);
      if (problems.length > 0) return c.json(badRequest(problems), 400);
      const named = body as { assistantId?: string; assistant?: CalledAssistant };
      if (!assistantOf(named)) return c.json(noSuchAssistant(String(named.assistantId)), 400);
      return createInMode(c, path === '/chat' ? 'chat' : 'call', async () => {
        const id = randomUUID();
        await db.query(
          'insert into local_stack.vapi_calls (call_id, path, body) values ($1, $2, $3)',
          [id, path, JSON.stringify(body)],
        );
        return path === '/chat'
          ? startChat(body as CreateChatBody, id)
          : startCall(path, body as CreateCallBody, id);
      });
    });

  const assistantNotFound = (c: Context) =>
    c.json({ message: 'Assistant not found', statusCode: 404 }, 404);

  app.post('/assistant', async (c) => {
    if (keyRefused(c)) return c.json(INVALID_KEY, 401);
    const body: unknown = await c.req.json().catch(() => undefined);
    const problems = assistantProblemsOf(body);
    if (problems.length > 0) return c.json(badRequest(problems), 400);
    return createInMode(c, 'assistant', () => {
      const assistant = createdAssistant(body as AssistantDefinition, { id: randomUUID(), orgId });
      assistants.set(assistant.id, assistant);
      return Promise.resolve(assistant);
    });
  });

  app.get('/assistant', (c) => {
    if (keyRefused(c)) return c.json(INVALID_KEY, 401);
    const asked = c.req.query('limit');
    const limit = asked === undefined ? LIST_LIMIT : Number(asked);
    if (!Number.isInteger(limit) || limit < 0)
      return c.json(badRequest(['limit must not be less than 0']), 400);
    return c.json([...assistants.values()].reverse().slice(0, limit));
  });

  app.get('/assistant/:id', (c) => {
    if (keyRefused(c)) return c.json(INVALID_KEY, 401);
    const assistant = assistants.get(c.req.param('id'));
    return assistant ? c.json(assistant) : assistantNotFound(c);
  });

  app.patch('/assistant/:id', async (c) => {
    if (keyRefused(c)) return c.json(INVALID_KEY, 401);
    const body: unknown = await c.req.json().catch(() => undefined);
    const problems = assistantProblemsOf(body);
    if (problems.length > 0) return c.json(badRequest(problems), 400);
    const stored = assistants.get(c.req.param('id'));
    if (!stored) return assistantNotFound(c);
    // Later than the last change even within its millisecond, so an update is always seen.
    const at = new Date(Math.max(Date.now(), Date.parse(stored.updatedAt) + 1));
    const assistant = updatedAssistant(stored, body as UpdateAssistantBody, at);
    assistants.set(assistant.id, assistant);
    return c.json(assistant);
  });

  app.patch('/session/:id', async (c) => {
    if (keyRefused(c)) return c.json(INVALID_KEY, 401);
    const body = (await c.req.json().catch(() => ({}))) as UpdateSessionBody;
    const session = sessions.get(c.req.param('id'));
    if (!session) return c.json({ message: 'Session not found', statusCode: 404 }, 404);
    if (body.status === 'completed' && session.open) {
      session.open = false;
      const target = targetOf(
        assistantOf({ assistantId: session.assistantId, assistant: session.assistant }),
      );
      if (target) {
        const report = completedSession(
          { sessionId: c.req.param('id'), orgId, assistantId: session.assistantId },
          session.visitId,
          new Date(),
        );
        void post(target, report).catch(() => undefined);
      }
    }
    return c.json({ id: c.req.param('id'), orgId, status: session.open ? 'active' : 'completed' });
  });

  app.post('/mode', async (c) => {
    const body = MODE_BODY.safeParse(await c.req.json().catch(() => ({})));
    if (!body.success) {
      const error =
        body.error.issues[0]?.path[0] === 'statusDelays'
          ? `statusDelays holds ${STATUS_STEPS.join(', ')}: each ms from 0 to ${STATUS_DELAY_MAX}, or null`
          : `mode is one of ${MODES.join(', ')}`;
      return c.json({ error }, 400);
    }
    dropSteps();
    ({ mode, statusDelays } = body.data);
    return c.json({ mode, statusDelays });
  });

  return { app, close: () => dropSteps() };
}

export const listVapiCalls = (db: PGlite) =>
  rowsOf<{ call_id: string; path: string; body: unknown }>(
    db,
    'select call_id, path, body from local_stack.vapi_calls order by seq',
  );
