// Type-only, so nothing of the SDK runs or ships. Node resolves the npm: specifier through
// tsconfig.json's paths.
import type { Vapi } from 'npm:@vapi-ai/server-sdk@2.0.1';

export type CreateCallBody = Vapi.CreateCallDto;
export type CreateWebCallBody = Vapi.CreateWebCallDto;
export type VapiCall = Vapi.Call;
export type AssistantOverrides = Vapi.AssistantOverrides;
export type ToolsAppendItem = Vapi.AssistantOverridesToolsAppendItem;
/** Vapi sends `durationSeconds`, which the SDK's type leaves out (VapiAI/server-sdk-typescript#26). */
export type EndOfCallReport = Vapi.ServerMessageEndOfCallReport & { durationSeconds?: number };

export type StatusUpdate = Vapi.ServerMessageStatusUpdate;

export type ToolCalls = Vapi.ServerMessageToolCalls;
export type ToolCallsAnswer = Vapi.ServerMessageResponseToolCalls;
export type ToolCallResult = Vapi.ToolCallResult;

/** The server SDK's Call leaves out what the web SDK's WebCall names. */
export type CreatedWebCall = VapiCall & { webCallUrl: string; transport?: { callToken?: string } };

export type CreateWebChatBody = Vapi.CreateWebChatDto;
export type CreateChatBody = Vapi.CreateChatDto;
/** The id is in the path. */
export type UpdateSessionBody = Omit<Vapi.UpdateSessionDto, 'id'>;
export type VapiChat = Vapi.Chat;
export type WebChatAnswer = Vapi.WebChat;
export type ChatStreamEvent = Vapi.CreateChatStreamResponse;
export type VapiSession = Vapi.Session;
export type SessionUpdated = Vapi.ServerMessageSessionUpdated;

/** The assistant as agent/assistant.ts defines it: the body of `POST /assistant`. */
export type AssistantDefinition = Vapi.CreateAssistantDto;
/** The id is in the path. */
export type UpdateAssistantBody = Omit<Vapi.UpdateAssistantDto, 'id'>;
export type VapiAssistant = Vapi.Assistant;
export type AssistantServerMessage = Vapi.CreateAssistantDtoServerMessagesItem;
export type JsonSchema = Vapi.JsonSchema;
