import type { CAPTURED_FIELDS, CapturedField } from '../../../../agent/captured-fields.ts';
import type {
  AssistantDefinition,
  AssistantOverrides,
  ChatStreamEvent,
  CreateCallBody,
  CreatedWebCall,
  CreateWebCallBody,
  EndOfCallReport,
  SessionUpdated,
  StatusUpdate,
  ToolCalls,
  UpdateAssistantBody,
  VapiAssistant,
  VapiCall,
  CreateChatBody,
  VapiChat,
  VapiSession,
  WebChatAnswer,
} from './types.ts';

/**
 * The Vapi payloads the site reads, kept once for the local stand-in and the tests. Typed by
 * Vapi's SDK, so a field Vapi does not send cannot be invented here. No function imports it.
 */

type Ids = { id: string; orgId: string };

function created(
  request: { assistantId?: string; assistantOverrides?: AssistantOverrides },
  ids: Ids,
  at: Date,
) {
  const now = at.toISOString();
  return {
    id: ids.id,
    orgId: ids.orgId,
    ...(request.assistantId ? { assistantId: request.assistantId } : {}),
    ...(request.assistantOverrides ? { assistantOverrides: request.assistantOverrides } : {}),
    createdAt: now,
    updatedAt: now,
  };
}

export function queuedCall(request: CreateCallBody, ids: Ids, at = new Date()): VapiCall {
  return {
    ...created(request, ids, at),
    type: 'outboundPhoneCall',
    status: 'queued',
    ...(request.phoneNumberId ? { phoneNumberId: request.phoneNumberId } : {}),
    ...(request.customer ? { customer: request.customer } : {}),
  };
}

export function queuedWebCall(
  request: CreateWebCallBody,
  ids: Ids,
  at = new Date(),
): CreatedWebCall {
  return {
    ...queuedCall(request, ids, at),
    type: 'webCall',
    webCallUrl: `https://vapi.daily.co/${ids.id.replace(/-/g, '').slice(0, 20)}`,
  };
}

export const REPORT_DURATION_SECONDS = 150;

/**
 * What the caller said, as the agent writes it down: a value for each field the agent captures
 * (agent/captured-fields.ts), so a field added there without one here fails the type check.
 */
export const CAPTURED_SAMPLE = {
  name: 'Dana Lee',
  email: 'dana@example.com',
  phone: '(415) 555-0123',
  jobType: 'roofing',
  zipCode: '94110',
  urgency: 'this week' satisfies (typeof CAPTURED_FIELDS.urgency.enum)[number],
} as const satisfies Record<CapturedField, string>;

/**
 * The structured data an assistant's analysis plan has Vapi write: none unless the plan is
 * enabled (Vapi's default is off), else a value for each field: the sample's, or a placeholder
 * for a field the repository's plan does not have.
 */
function structuredDataOf(
  assistant: Pick<AssistantDefinition, 'analysisPlan'>,
): Record<string, string> | undefined {
  const plan = assistant.analysisPlan?.structuredDataPlan;
  if (plan?.enabled !== true) return undefined;
  return Object.fromEntries(
    Object.keys(plan.schema?.properties ?? {}).map((field) => [
      field,
      Object.hasOwn(CAPTURED_SAMPLE, field)
        ? CAPTURED_SAMPLE[field as CapturedField]
        : `sample ${field}`,
    ]),
  );
}

/** The part of the called assistant a report follows: its first line and its analysis plan. */
export type ReportingAssistant = Pick<AssistantDefinition, 'firstMessage' | 'analysisPlan'>;

/**
 * `changes` replaces any part of the message. With `assistant`, the called one, the transcript
 * opens with the call's first message (its override's, else the assistant's) and the structured
 * data follows the assistant's plan; without, they are the sample's.
 */
export function endOfCallReport(
  call: VapiCall,
  endedAt: Date,
  changes: Partial<EndOfCallReport> = {},
  assistant?: ReportingAssistant,
): { message: EndOfCallReport } {
  const startedAt = new Date(endedAt.getTime() - REPORT_DURATION_SECONDS * 1000).toISOString();
  const ended = endedAt.toISOString();
  const firstMessage =
    call.assistantOverrides?.firstMessage ??
    (assistant ? assistant.firstMessage : 'Hi, this is the demo agent.');
  const structuredData = assistant ? structuredDataOf(assistant) : { ...CAPTURED_SAMPLE };
  return {
    message: {
      type: 'end-of-call-report',
      timestamp: endedAt.getTime(),
      endedReason: 'customer-ended-call',
      startedAt,
      endedAt: ended,
      durationSeconds: REPORT_DURATION_SECONDS,
      cost: 0.31,
      call: {
        ...call,
        status: 'ended',
        endedReason: 'customer-ended-call',
        startedAt,
        endedAt: ended,
        updatedAt: ended,
      },
      analysis: {
        summary: 'The caller runs a roofing company and asked about after-hours answering.',
        ...(structuredData ? { structuredData } : {}),
      },
      artifact: {
        transcript: [
          ...(firstMessage ? [`AI: ${firstMessage}`] : []),
          'User: Hi, I run a roofing company.',
        ].join('\n'),
        recordingUrl: 'https://storage.vapi.ai/a1b2c3d4-recording.wav',
      },
      ...changes,
    },
  };
}

/** Vapi sends `endedReason` only with `ended`. */
export function statusUpdate(
  call: VapiCall,
  status: StatusUpdate['status'],
  at: Date,
): { message: StatusUpdate } {
  const ended = status === 'ended' ? { endedReason: 'customer-ended-call' as const } : {};
  return {
    message: {
      type: 'status-update',
      status,
      timestamp: at.getTime(),
      ...ended,
      call: { ...call, status, ...ended, updatedAt: at.toISOString() },
      ...(call.customer ? { customer: call.customer } : {}),
    },
  };
}

/** `arguments` is the JSON text the model wrote; each call is paired with the call's own tool. */
export function toolCallsMessage(
  call: VapiCall,
  toolCalls: { id: string; name: string; arguments?: Record<string, unknown> }[],
  at: Date,
): { message: ToolCalls } {
  const appended = call.assistantOverrides?.['tools:append'] ?? [];
  const list = toolCalls.map((tool) => ({
    id: tool.id,
    type: 'function',
    function: { name: tool.name, arguments: JSON.stringify(tool.arguments ?? {}) },
  }));
  return {
    message: {
      type: 'tool-calls',
      timestamp: at.getTime(),
      call: { ...call, status: 'in-progress', updatedAt: at.toISOString() },
      ...(call.customer ? { customer: call.customer } : {}),
      toolCallList: list,
      toolWithToolCallList: list.map((toolCall) => {
        const tool = appended.find(
          (item) => item.type === 'function' && item.function?.name === toolCall.function.name,
        );
        return {
          ...(tool?.type === 'function' ? tool : {}),
          type: 'function' as const,
          function: tool?.type === 'function' ? tool.function : { name: toolCall.function.name },
          toolCall,
        };
      }),
    },
  };
}

export function chatReplyTo(input: string): string {
  const asked = input.trim().slice(0, 80);
  return `Thanks for your message ("${asked}"). I answer every lead in seconds, day and night. What kind of jobs do you take on?`;
}

export function webChatAnswer(
  reply: string,
  ids: { id: string; sessionId: string },
): WebChatAnswer {
  return { id: ids.id, sessionId: ids.sessionId, output: [{ role: 'assistant', content: reply }] };
}

/** `pieces` splits the reply as a model streams it. */
export function chatStreamEvents(
  reply: string,
  ids: { id: string; sessionId: string },
): ChatStreamEvent[] {
  const pieces = reply.match(/\S+\s*/g) ?? [reply];
  return pieces.map((delta) => ({
    id: ids.id,
    sessionId: ids.sessionId,
    path: 'chat.output[0].content',
    delta,
  }));
}

export const eventStreamText = (events: ChatStreamEvent[]): string =>
  events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');

export function completedSession(
  ids: { sessionId: string; orgId: string; assistantId: string },
  visitId: string | null,
  at: Date,
  changes: Partial<VapiSession> = {},
): { message: SessionUpdated } {
  const startedAt = new Date(at.getTime() - 90_000).toISOString();
  return {
    message: {
      type: 'session.updated',
      timestamp: at.getTime(),
      session: {
        id: ids.sessionId,
        orgId: ids.orgId,
        createdAt: startedAt,
        updatedAt: at.toISOString(),
        status: 'completed',
        cost: 0.004,
        assistantId: ids.assistantId,
        ...(visitId ? { assistantOverrides: { variableValues: { visit_id: visitId } } } : {}),
        messages: [
          // The SDK types a user's line as a call's message: `message`, with its times.
          {
            role: 'user',
            message: 'Do you answer calls at night?',
            time: at.getTime() - 60_000,
            endTime: at.getTime() - 60_000,
            secondsFromStart: 30,
          },
          { role: 'assistant', content: 'Yes: every call, day and night, in seconds.' },
        ],
        ...changes,
      },
    },
  };
}

/** Vapi's answer to POST /chat without `stream` (201): the chat it made, echoing what was asked. */
export function createdChat(
  request: CreateChatBody,
  reply: string,
  ids: Ids & { sessionId: string },
  at = new Date(),
): VapiChat {
  return {
    ...created(request, ids, at),
    sessionId: ids.sessionId,
    input: request.input,
    output: [{ role: 'assistant', content: reply }],
  };
}

/** Vapi's answer to POST /assistant (201): the body as sent, with what Vapi fills in. */
export function createdAssistant(
  definition: AssistantDefinition,
  ids: Ids,
  at = new Date(),
): VapiAssistant {
  const now = at.toISOString();
  return { ...definition, id: ids.id, orgId: ids.orgId, createdAt: now, updatedAt: now };
}

/** Vapi's answer to PATCH /assistant/{id}: each top-level key sent replaces the stored one. */
export function updatedAssistant(
  assistant: VapiAssistant,
  changes: UpdateAssistantBody,
  at = new Date(),
): VapiAssistant {
  const { id, orgId, createdAt } = assistant;
  return { ...assistant, ...changes, id, orgId, createdAt, updatedAt: at.toISOString() };
}
