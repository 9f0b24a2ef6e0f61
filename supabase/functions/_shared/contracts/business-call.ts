import type { AssistantOverrides } from '../vapi/types.ts';
import type { Business } from './business.ts';

/**
 * What the agent says first on a web call when it answers as the visitor's business
 * (start-web-call adds it, the page cannot): the business's name (and city) as the visitor typed
 * them, within ./business.ts's rule. Call my phone's opening, which must also say the call was
 * asked for and offer to stop, is CALLBACK_CALL_WORDS.opening (./callback-call.ts). Not imported
 * by the page.
 */
export const BUSINESS_CALL_WORDS = {
  /** The agent's first words on a web call as the business. */
  webFirstMessage: ({ business_name, city }: Business) =>
    `Thanks for calling ${business_name}${city ? ` in ${city}` : ''}. ` +
    'This is the virtual receptionist. How can I help you today?',
} as const;

/** A web call's first words as the business, spoken first whatever the assistant is set to. */
export function businessWebCallOverrides(
  business: Business,
): Pick<AssistantOverrides, 'firstMessage' | 'firstMessageMode'> {
  return {
    firstMessage: BUSINESS_CALL_WORDS.webFirstMessage(business),
    firstMessageMode: 'assistant-speaks-first',
  };
}
