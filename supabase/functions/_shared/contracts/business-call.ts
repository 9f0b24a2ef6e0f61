import type { AssistantOverrides } from '../vapi/types.ts';
import type { Business } from './business.ts';

/** Added by start-web-call, never by the page. */
export const BUSINESS_CALL_WORDS = {
  webFirstMessage: ({ business_name, city }: Business) =>
    `Thanks for calling ${business_name}${city ? ` in ${city}` : ''}. ` +
    'This is the virtual receptionist. How can I help you today?',
} as const;

export function businessWebCallOverrides(
  business: Business,
): Pick<AssistantOverrides, 'firstMessage' | 'firstMessageMode'> {
  return {
    firstMessage: BUSINESS_CALL_WORDS.webFirstMessage(business),
    firstMessageMode: 'assistant-speaks-first',
  };
}
