import type { Business } from './business.ts';

/** Added by start-web-call, never by the page. */
export const businessWebCallOverrides = ({ business_name, city }: Business) => ({
  firstMessage:
    `Thanks for calling ${business_name}${city ? ` in ${city}` : ''}. ` +
    'This is the virtual receptionist. How can I help you today?',
  firstMessageMode: 'assistant-speaks-first' as const,
});
