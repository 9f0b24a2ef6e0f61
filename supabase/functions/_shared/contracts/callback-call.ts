import type { AssistantOverrides, ToolsAppendItem } from '../vapi/types.ts';
import { LEAD_CALL_WORDS, leadFirstName, type LeadForCall } from './lead-call.ts';

/**
 * A stranger can type anyone's number, so whoever answers a callback must be able to say no in one
 * sentence: the opening offers to stop, and `do_not_call` lists the number and ends the call.
 */
export const DO_NOT_CALL_TOOL = 'do_not_call';

const CALLBACK_STOP =
  "If you did not ask, or want no calls from us, just say so and I'll end the call and never call this number again.";

export const CALLBACK_CALL_WORDS = {
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
  toolDescription:
    'Call this as soon as the person says they did not ask for this call, asks not to be called, ' +
    'or says they want no calls from us. It puts this phone number on the do-not-call list, and ' +
    'the call ends after the goodbye. Do not argue or try to keep them on the line.',
  listed: "Understood. We won't call this number again. Goodbye.",
  notListed: "I'm sorry, I couldn't note that just now. I'll end the call now. Goodbye.",
  resultListed: 'The number is on the do-not-call list. It will not be called again.',
  resultNotListed: 'The number could not be added to the do-not-call list.',
} as const;

/**
 * Appended for this call only, so the owner's tools stay as configured. No `server`: Vapi posts
 * the tool call to the assistant's Server URL, vapi-events. Both outcomes end the call (the person
 * asked to stop either way). Synchronous, so the goodbye waits for the list.
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

export function callbackCallOverrides(
  business: string,
  visitorBusiness: string | null = null,
  lead: LeadForCall | null = null,
): Pick<AssistantOverrides, 'firstMessage' | 'firstMessageMode' | 'tools:append'> {
  return {
    firstMessage: CALLBACK_CALL_WORDS.opening(business, visitorBusiness, lead),
    firstMessageMode: 'assistant-speaks-first',
    'tools:append': [doNotCallTool()],
  };
}
