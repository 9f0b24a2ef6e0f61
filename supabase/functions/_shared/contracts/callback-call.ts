import type { AssistantOverrides, ToolsAppendItem } from '../vapi/types.ts';
import { LEAD_CALL_WORDS, leadFirstName, type LeadForCall } from './lead-call.ts';

/**
 * What the agent says and offers on a call Call my phone places (request-callback), in one
 * place: its first words name the business, say the call was asked for on its website and offer
 * to stop; and the `do_not_call` tool, which puts the number on the owner's do-not-call list
 * (vapi-events answers it) and ends the call. A stranger can type anyone's number, so whoever
 * answers must be able to say no in one sentence. Not imported by the page.
 */

/** The tool's name, as the model calls it and vapi-events recognises it. */
export const DO_NOT_CALL_TOOL = 'do_not_call';

/** The longest business name the agent says (BUSINESS_NAME). */
export const BUSINESS_NAME_MAX_LENGTH = 100;

/** The offer to stop, last of every callback's first words. */
const CALLBACK_STOP =
  "If you did not ask, or want no calls from us, just say so and I'll end the call and never call this number again.";

export const CALLBACK_CALL_WORDS = {
  /**
   * The agent's first words on every callback: as the owner's business (BUSINESS_NAME), or, when
   * the visitor gave theirs, as that business's receptionist, still saying it is a
   * demo of the owner's asked for on the website, and how to stop it (a stranger can type anyone's
   * number). A call that follows a lead greets the person by name as the owner's
   * business instead (./lead-call.ts), then offers to stop the same way.
   */
  opening: (
    business: string,
    visitorBusiness: string | null = null,
    lead: LeadForCall | null = null,
  ): string =>
    (lead
      ? LEAD_CALL_WORDS.greeting(leadFirstName(lead.name), business)
      : (visitorBusiness
          ? `Hi, this is the receptionist for ${visitorBusiness}, a demo from ${business}. `
          : `Hi, this is the assistant for ${business}. `) +
        'You asked for a call on our website a moment ago. ') + CALLBACK_STOP,
  /** When the model calls the tool (what it reads to decide). */
  toolDescription:
    'Call this as soon as the person says they did not ask for this call, asks not to be called, ' +
    'or says they want no calls from us. It puts this phone number on the do-not-call list, and ' +
    'the call ends after the goodbye. Do not argue or try to keep them on the line.',
  /** Spoken once the number is on the list; the call then ends. */
  listed: "Understood. We won't call this number again. Goodbye.",
  /** Spoken when it could not be added (the database failed, or the call is not the site's). */
  notListed: "I'm sorry, I couldn't note that just now. I'll end the call now. Goodbye.",
  /** The tool's result, added to the conversation (vapi-events answers it). */
  resultListed: 'The number is on the do-not-call list. It will not be called again.',
  resultNotListed: 'The number could not be added to the do-not-call list.',
} as const;

/**
 * The `do_not_call` function tool, appended to the assistant's own tools for this call only
 * (`tools:append`, so the owner's model, prompt and tools stay as configured). It has no
 * `server`: Vapi posts its tool-calls message to the assistant's Server URL, which must be the
 * vapi-events function (docs/deploy.md). The call ends by the tool's own messages:
 * `endCallAfterSpokenEnabled` on request-complete (listed) and on request-failed (not listed:
 * the person asked to stop either way), Vapi's option for ending a call after a tool's words,
 * so no separate endCall tool is needed. Synchronous (no `async`): the goodbye waits for the
 * list.
 */
export function doNotCallTool(): ToolsAppendItem {
  return {
    type: 'function',
    function: {
      name: DO_NOT_CALL_TOOL,
      description: CALLBACK_CALL_WORDS.toolDescription,
      parameters: { type: 'object', properties: {} },
    },
    messages: [
      {
        type: 'request-complete',
        content: CALLBACK_CALL_WORDS.listed,
        endCallAfterSpokenEnabled: true,
      },
      {
        type: 'request-failed',
        content: CALLBACK_CALL_WORDS.notListed,
        endCallAfterSpokenEnabled: true,
      },
    ],
  };
}

/**
 * The overrides every callback carries: the opening, spoken first, and the tool. With the
 * visitor's business name (./business.ts's rule), the opening answers as it; with the lead the
 * call follows, it greets that person as the owner's business.
 */
export function callbackCallOverrides(
  business: string,
  visitorBusiness: string | null = null,
  lead: LeadForCall | null = null,
): Pick<AssistantOverrides, 'firstMessage' | 'firstMessageMode' | 'tools:append'> {
  return {
    firstMessage: CALLBACK_CALL_WORDS.opening(business, visitorBusiness, lead),
    // Whatever the assistant is set to (waiting for the caller, or a model-made greeting): on a
    // callback these words come first.
    firstMessageMode: 'assistant-speaks-first',
    'tools:append': [doNotCallTool()],
  };
}
