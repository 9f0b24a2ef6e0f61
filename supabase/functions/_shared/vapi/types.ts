/**
 * Vapi's own types, from its server SDK (@vapi-ai/server-sdk, pinned): type-only, so nothing of
 * the SDK runs or ships. The functions' requests to Vapi, Vapi's answers and its server
 * messages, the local stack's Vapi stand-in and the tests all typecheck against these. (Node's
 * side resolves the npm: specifier through tsconfig.json's paths.)
 */
import type { Vapi } from 'npm:@vapi-ai/server-sdk@2.0.1';

/** POST /call's body (an outbound phone call). */
export type CreateCallBody = Vapi.CreateCallDto;
/** POST /call/web's body (a web call the browser joins). */
export type CreateWebCallBody = Vapi.CreateWebCallDto;
/** A call, as Vapi answers POST /call and sends it inside its server messages. */
export type VapiCall = Vapi.Call;
export type AssistantOverrides = Vapi.AssistantOverrides;
/** A tool added to the assistant's own for one call (`assistantOverrides["tools:append"]`). */
export type ToolsAppendItem = Vapi.AssistantOverridesToolsAppendItem;
/**
 * The end-of-call-report server message (the body's `message`). Vapi sends `durationSeconds`
 * too, which the SDK's type leaves out (VapiAI/server-sdk-typescript#26): it is added here, the
 * one field not from the SDK.
 */
export type EndOfCallReport = Vapi.ServerMessageEndOfCallReport & { durationSeconds?: number };

/**
 * The status-update server message (the body's `message`): Vapi sends one whenever a call's
 * status changes (queued, ringing, in-progress, ended, …), `timestamp` in ms on Vapi's clock.
 */
export type StatusUpdate = Vapi.ServerMessageStatusUpdate;

/**
 * The tool-calls server message (the body's `message`): the model called tools that have no
 * server of their own, so Vapi asks the assistant's Server URL for their results.
 */
export type ToolCalls = Vapi.ServerMessageToolCalls;
/** What the Server URL answers a tool-calls message: one result per tool call. */
export type ToolCallsAnswer = Vapi.ServerMessageResponseToolCalls;
export type ToolCallResult = Vapi.ToolCallResult;

/**
 * Vapi's answer to POST /call/web: the call, with the room the browser joins. The server SDK's
 * Call leaves `webCallUrl` out; the web SDK's WebCall (what `vapi.reconnect` takes) names it, and
 * `transport.callToken` when Vapi sends one.
 */
export type CreatedWebCall = VapiCall & { webCallUrl: string; transport?: { callToken?: string } };

/** POST /chat/web's body (a chat with the public key, from the browser). */
export type CreateWebChatBody = Vapi.CreateWebChatDto;
/** POST /chat's body (a chat with the private key, from a function). */
export type CreateChatBody = Vapi.CreateChatDto;
/** PATCH /session/{id}'s body (the id is in the path): a chat's end is `status: "completed"`. */
export type UpdateSessionBody = Omit<Vapi.UpdateSessionDto, 'id'>;
/** Vapi's answer to POST /chat without `stream` (201): the chat, with its output. */
export type VapiChat = Vapi.Chat;
/** The answer to POST /chat/web (and /chat) without `stream`: the whole reply at once. */
export type WebChatAnswer = Vapi.WebChat;
/** One server-sent event of a streamed chat answer (`data: <this>`). */
export type ChatStreamEvent = Vapi.CreateChatStreamResponse;
/** A chat session, as Vapi sends it in its `session.updated` server message. */
export type VapiSession = Vapi.Session;
/** The `session.updated` server message: with `session.status` "completed", a chat's report. */
export type SessionUpdated = Vapi.ServerMessageSessionUpdated;
