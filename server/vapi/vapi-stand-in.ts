import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { rowsOf } from '../postgres/database';
import {
  chatReplyTo,
  completedSession,
  createdChat,
  endOfCallReport,
  queuedCall,
  queuedWebCall,
  statusUpdate,
  toolCallsMessage,
} from '../../supabase/functions/_shared/vapi/fixtures';
import type {
  AssistantOverrides,
  CreateCallBody,
  CreateChatBody,
  CreateWebCallBody,
  ToolsAppendItem,
  UpdateSessionBody,
  VapiCall,
} from '../../supabase/functions/_shared/vapi/types';

/**
 * Vapi's API, for the local stack only (the functions' VAPI_API_URL), frozen to what the site
 * calls: POST /call (request-callback), POST /call/web (start-web-call), and POST /chat with
 * PATCH /session/{id} (the chat function, server mode). Each checks the
 * private key and the body as Vapi does (an unknown property is refused, as Vapi's validation
 * refuses it; the properties are the keys of Vapi's own DTO types), records the body with its path
 * (/local/vapi-calls.json) and answers 201 with Vapi's documented answer (the shared fixtures).
 * Narrower than Vapi: no call is placed and no room exists, a chat's reply is one scripted line
 * (chatReplyTo), sessions live as long as the process, /chat/web (the page's public-key chats,
 * sent to Vapi itself) is not stood in for, and only the parts of a body the site sends are
 * checked. A session completed by PATCH sends its report (session.updated) to the Server URL, as
 * Vapi does. A phone call (POST /call) answered in mode ok sends its status-update messages to the
 * Server URL as Vapi does while the phone rings: `queued`, `ringing`, `in-progress`, each at its
 * delay after the call's creation (DEFAULT_STATUS_DELAYS), its `timestamp` the creation time plus
 * that delay; narrower than Vapi: no phone rings and nobody answers, so the steps come on a timer
 * whatever the number, a web call sends none, and `ended` is sent only by POST
 * /local/vapi/calls/{id}/end (just before that call's report; the call's steps still to come are
 * dropped). Tests make it refuse, fail or hang with POST /local/vapi/mode
 * {"mode": "ok" | "reject" (400) | "fail" (500) | "hang" | "created-then-504", "statusDelays"?:
 * {"queued"?, "ringing"?, "in-progress"?: ms (0 to 60,000), or null: never sent}} (each request
 * sets both: a delay it leaves out is the default; the status-updates of calls made before are
 * dropped), end a recorded call (its end-of-call report) with POST /local/vapi/calls/{id}/end,
 * and have a recorded call's model call one of the tools the call was given (`tools:append`)
 * with POST /local/vapi/calls/{id}/tool-calls {"name": "do_not_call"}: the tool-calls message
 * goes to the Server URL, as Vapi sends it, and its answer comes back.
 */

/**
 * ok; reject (400); fail (500); hang (until the caller gives up); created-then-504: the call is
 * recorded, as Vapi's origin creates it, then its edge answers 504.
 */
const MODES = ['ok', 'reject', 'fail', 'hang', 'created-then-504'] as const;
type VapiMode = (typeof MODES)[number];

/** The status-updates the stand-in sends for a phone call, in the order Vapi sends them. */
const STATUS_STEPS = ['queued', 'ringing', 'in-progress'] as const;
type StatusStep = (typeof STATUS_STEPS)[number];
/** Each step's delay after the call's creation, in ms; null: that step is never sent. */
export type StatusDelays = Record<StatusStep, number | null>;
/** What `npm start` shows: queued at once, a ring after 2.5 s, answered after 6 s. */
export const DEFAULT_STATUS_DELAYS: StatusDelays = {
  queued: 100,
  ringing: 2500,
  'in-progress': 6000,
};
/** The longest delay a test may set (a step later than a minute is no demo's). */
const STATUS_DELAY_MAX = 60_000;

/** One step's delay: whole ms up to the longest, or null (never sent); left out, the default. */
const STATUS_DELAY = z.int().min(0).max(STATUS_DELAY_MAX).nullable().optional();
const STATUS_DELAYS = z
  .strictObject({ queued: STATUS_DELAY, ringing: STATUS_DELAY, 'in-progress': STATUS_DELAY })
  .optional();

/** POST /mode's `statusDelays`: the delays, each left out the default; null when unreadable. */
export function parseStatusDelays(value: unknown): StatusDelays | null {
  const parsed = STATUS_DELAYS.safeParse(value);
  return parsed.success ? { ...DEFAULT_STATUS_DELAYS, ...parsed.data } : null;
}

/** What starts a call on either endpoint: the assistant, squad or workflow, and its overrides. */
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

/**
 * The properties Vapi's CreateCallDto and CreateWebCallDto accept at the top level: every key of
 * their types, and only those (the types check both ways).
 */
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
/** The properties Vapi's CreateChatDto accepts at the top level (every key of its type). */
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

/** The first-message modes Vapi's AssistantOverrides accepts. */
const FIRST_MESSAGE_MODES: NonNullable<AssistantOverrides['firstMessageMode']>[] = [
  'assistant-speaks-first',
  'assistant-speaks-first-with-model-generated-message',
  'assistant-waits-for-user',
];
/** A function tool's name, as Vapi's OpenAiFunction documents it. */
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Vapi's bounds of a call's maxDurationSeconds. */
const MAX_DURATION = { min: 10, max: 43_200 };

const E164 = /^\+[1-9]\d{6,14}$/;

function badRequest(messages: string[]) {
  return { message: messages, error: 'Bad Request', statusCode: 400 };
}

/** A hang: until the caller gives up (its connection closes), or a minute at most. */
export function untilGivenUp(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 60_000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** What is wrong with a body's top level and its overrides, in Vapi's words where known. */
function checkCommon(body: unknown, properties: Record<string, true>): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['body must be an object'];
  const call = body as Record<string, unknown>;
  const problems = Object.keys(call)
    .filter((key) => !Object.hasOwn(properties, key))
    .map((key) => `property ${key} should not exist`);
  if (typeof call.assistantId !== 'string' && typeof call.assistant !== 'object') {
    problems.push('assistantId or assistant must be provided');
  }
  const overrides = (call.assistantOverrides ?? {}) as AssistantOverrides;
  const seconds: unknown = overrides.maxDurationSeconds;
  if (
    seconds !== undefined &&
    !(typeof seconds === 'number' && seconds >= MAX_DURATION.min && seconds <= MAX_DURATION.max)
  ) {
    problems.push(
      `assistantOverrides.maxDurationSeconds must not be less than ${MAX_DURATION.min} or greater than ${MAX_DURATION.max}`,
    );
  }
  if (
    overrides.firstMessageMode !== undefined &&
    !FIRST_MESSAGE_MODES.includes(overrides.firstMessageMode)
  ) {
    problems.push(
      `assistantOverrides.firstMessageMode must be one of the following values: ${FIRST_MESSAGE_MODES.join(', ')}`,
    );
  }
  const appended: unknown = overrides['tools:append'];
  if (appended !== undefined && !Array.isArray(appended))
    problems.push('assistantOverrides.tools:append must be an array');
  for (const tool of Array.isArray(appended) ? (appended as ToolsAppendItem[]) : []) {
    if (tool.type === 'function' && !FUNCTION_NAME.test(String(tool.function?.name)))
      problems.push(
        'assistantOverrides.tools:append.function.name must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64',
      );
  }
  return problems;
}

/** What is wrong with a create-call body (POST /call). */
export function checkCallBody(body: unknown): string[] {
  const problems = checkCommon(body, CALL_PROPERTIES);
  if (problems[0] === 'body must be an object') return problems;
  const call = body as Record<string, unknown>;
  if (typeof call.phoneNumberId !== 'string' && typeof call.phoneNumber !== 'object') {
    problems.push('phoneNumberId or phoneNumber must be provided');
  }
  const customer = call.customer as { number?: unknown } | undefined;
  if (typeof customer?.number !== 'string' || !E164.test(customer.number)) {
    problems.push('customer.number must be a valid phone number in the E.164 format');
  }
  return problems;
}

/** What is wrong with a create-web-call body (POST /call/web). */
export const checkWebCallBody = (body: unknown): string[] => checkCommon(body, WEB_CALL_PROPERTIES);

/** What is wrong with a create-chat body (POST /chat). */
export function checkChatBody(body: unknown): string[] {
  const problems = checkCommon(body, CHAT_PROPERTIES);
  if (problems[0] === 'body must be an object') return problems;
  const chat = body as Record<string, unknown>;
  if (typeof chat.input !== 'string' && !Array.isArray(chat.input))
    problems.push('input must be a string or an array');
  return problems;
}

/** Where the stand-in sends end-of-call reports: the assistant's Server URL and its secret. */
export interface ServerUrl {
  url: string;
  secret: string;
}

/** Vapi's answer to a create request at `path`: the documented fixture. */
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
) {
  let mode: VapiMode = 'ok';
  let statusDelays: StatusDelays = { ...DEFAULT_STATUS_DELAYS };
  /** The status-updates still to send, by call id: dropped at the call's end, a mode, close. */
  const pendingSteps = new Map<string, Set<NodeJS.Timeout>>();
  const dropSteps = (callId?: string) => {
    for (const [id, timers] of pendingSteps) {
      if (callId !== undefined && id !== callId) continue;
      timers.forEach(clearTimeout);
      pendingSteps.delete(id);
    }
  };
  const app = new Hono();

  /** A call the stand-in recorded, as Vapi answered it; null when it has none of that id. */
  const recordedCall = async (id: string): Promise<VapiCall | null> => {
    const found = await db.query<{ path: string; body: CreateCallBody; received_at: Date }>(
      'select path, body, received_at from local_stack.vapi_calls where call_id = $1',
      [id],
    );
    const recorded = found.rows[0];
    if (!recorded) return null;
    return created(recorded.path, recorded.body, { id, orgId }, new Date(recorded.received_at));
  };

  /** Posts a server message to the assistant's Server URL with the secret. */
  const post = (server: ServerUrl, message: unknown) =>
    fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': server.secret },
      body: JSON.stringify(message),
    });
  /** Posts a server message; what the Server URL answered. */
  const deliver = async (c: Context, server: ServerUrl, message: unknown) => {
    const response = await post(server, message);
    return c.json({
      delivered: response.ok,
      status: response.status,
      answer: await response.json(),
    });
  };
  const noServerUrl = (c: Context) =>
    c.json({ error: 'no Server URL (the functions are not running)' }, 409);

  // For the local loop: Vapi's end-of-call report for a call the stand-in recorded, sent to the
  // assistant's Server URL (vapi-events) with the secret, as Vapi would when the call ends.
  app.post('/calls/:id/end', async (c) => {
    if (!serverUrl) return noServerUrl(c);
    const call = await recordedCall(c.req.param('id'));
    if (!call) return c.json({ error: 'no such call' }, 404);
    if (call.type === 'outboundPhoneCall') {
      // As Vapi: the phone call's last status-update (ended), then its report.
      dropSteps(call.id);
      await post(serverUrl, statusUpdate(call, 'ended', new Date())).catch(() => undefined);
    }
    return deliver(c, serverUrl, endOfCallReport(call, new Date()));
  });

  // The model on a recorded call calls one of the function tools the call was given, as Vapi
  // does mid-call: the tool-calls message to the Server URL. A tool the call was not given is
  // refused (409), as a model can only call the tools it has.
  app.post('/calls/:id/tool-calls', async (c) => {
    if (!serverUrl) return noServerUrl(c);
    const call = await recordedCall(c.req.param('id'));
    if (!call) return c.json({ error: 'no such call' }, 404);
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
    return deliver(c, serverUrl, toolCallsMessage(call, [{ id, name: body.name }], new Date()));
  });

  /** The private key, as every route checks it; a response when it is wrong. */
  const refusedKey = (c: Context) =>
    c.req.header('authorization') === `Bearer ${privateKey}`
      ? null
      : c.json(
          {
            message:
              'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
            error: 'Unauthorized',
            statusCode: 401,
          },
          401,
        );

  /** What the mode answers before anything is recorded (hang, reject, fail); null for the rest. */
  const refusedByMode = async (c: Context, what: string) => {
    if (mode === 'hang') {
      await untilGivenUp(c.req.raw.signal);
      return c.json({ message: 'gateway timeout' }, 504);
    }
    if (mode === 'reject')
      return c.json(badRequest([`Couldn't create ${what} (local stand-in told to refuse).`]), 400);
    if (mode === 'fail') return c.json({ message: 'Internal server error', statusCode: 500 }, 500);
    return null;
  };

  /**
   * A create request (a call, a chat): the key, the body, the mode, then the record and Vapi's
   * answer (201), made by `answer` from the body and the id the stand-in gave it.
   */
  const create =
    <Body, Answer extends object>(
      path: '/call' | '/call/web' | '/chat',
      check: (body: unknown) => string[],
      answer: (body: Body, id: string) => Answer,
    ) =>
    async (c: Context) => {
      const refused = refusedKey(c);
      if (refused) return refused;
      const body: unknown = await c.req.json().catch(() => undefined);
      const problems = check(body);
      if (problems.length > 0) return c.json(badRequest(problems), 400);
      const byMode = await refusedByMode(c, path === '/chat' ? 'chat' : 'call');
      if (byMode) return byMode;
      const id = randomUUID();
      await db.query(
        'insert into local_stack.vapi_calls (call_id, path, body) values ($1, $2, $3)',
        [id, path, JSON.stringify(body)],
      );
      if (mode === 'created-then-504') return c.text('upstream request timeout', 504);
      return c.json(answer(body as Body, id), 201);
    };
  /** The chat sessions the stand-in made: the visit each belongs to, for its report. */
  const sessions = new Map<
    string,
    { visitId: string | null; assistantId: string; open: boolean }
  >();

  app.post(
    '/chat',
    create('/chat', checkChatBody, (chat: CreateChatBody, id) => {
      const sessionId = chat.sessionId ?? randomUUID();
      if (!sessions.has(sessionId)) {
        const visit = chat.assistantOverrides?.variableValues?.visit_id;
        sessions.set(sessionId, {
          visitId: typeof visit === 'string' ? visit : null,
          assistantId: chat.assistantId ?? '',
          open: true,
        });
      }
      const input = typeof chat.input === 'string' ? chat.input : JSON.stringify(chat.input);
      return createdChat(chat, chatReplyTo(input), { id, orgId, sessionId });
    }),
  );

  app.patch('/session/:id', async (c) => {
    const refused = refusedKey(c);
    if (refused) return refused;
    const body = (await c.req.json().catch(() => ({}))) as UpdateSessionBody;
    const session = sessions.get(c.req.param('id'));
    if (!session) return c.json({ message: 'Session not found', statusCode: 404 }, 404);
    if (body.status === 'completed' && session.open) {
      session.open = false;
      // Vapi sends the completed session to the assistant's Server URL: the chat's report.
      if (serverUrl) {
        const report = completedSession(
          { sessionId: c.req.param('id'), orgId, assistantId: session.assistantId },
          session.visitId,
          new Date(),
        );
        void post(serverUrl, report).catch(() => undefined);
      }
    }
    return c.json({ id: c.req.param('id'), orgId, status: session.open ? 'active' : 'completed' });
  });

  /**
   * A phone call's status-updates to the Server URL, each at its delay after the call's creation
   * `at` (timers that keep no process alive, dropped at the call's end, a mode change or close).
   */
  const sendSteps = (server: ServerUrl, call: VapiCall, at: Date) => {
    const timers = new Set<NodeJS.Timeout>();
    for (const step of STATUS_STEPS) {
      const delay = statusDelays[step];
      if (delay === null) continue;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (timers.size === 0) pendingSteps.delete(call.id);
        const message = statusUpdate(call, step, new Date(at.getTime() + delay));
        void post(server, message).catch(() => undefined);
      }, delay);
      timer.unref();
      timers.add(timer);
    }
    if (timers.size > 0) pendingSteps.set(call.id, timers);
  };

  for (const [path, check] of [
    ['/call', checkCallBody],
    ['/call/web', checkWebCallBody],
  ] as const)
    app.post(
      path,
      create(path, check, (body: CreateCallBody, id) => {
        const at = new Date();
        const call = created(path, body, { id, orgId }, at);
        if (path === '/call' && serverUrl) sendSteps(serverUrl, call, at);
        return call;
      }),
    );

  app.post('/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      mode?: unknown;
      statusDelays?: unknown;
    };
    if (!MODES.includes(body.mode as VapiMode)) {
      return c.json({ error: `mode is one of ${MODES.join(', ')}` }, 400);
    }
    const delays = parseStatusDelays(body.statusDelays);
    if (!delays)
      return c.json(
        {
          error: `statusDelays holds ${STATUS_STEPS.join(', ')}: each ms from 0 to ${STATUS_DELAY_MAX}, or null`,
        },
        400,
      );
    // A test's calls send nothing into the next's.
    dropSteps();
    mode = body.mode as VapiMode;
    statusDelays = delays;
    return c.json({ mode, statusDelays });
  });

  /** Drops the status-updates still to send (the local stack's close). */
  const close = () => dropSteps();
  return { app, close };
}

/** The bodies the stand-in received, oldest first, with the path and the call id each got. */
export const listVapiCalls = (db: PGlite) =>
  rowsOf<{ call_id: string; path: string; body: unknown }>(
    db,
    'select call_id, path, body from local_stack.vapi_calls order by seq',
  );
