import type { JsonSchema } from '../supabase/functions/_shared/vapi/types.ts';

/**
 * What the agent writes down from every call: its analysis plan's structured data, which each
 * report carries as `structured_data` (the lead card, the owner's webhook). `name` and `email`
 * prefill Book a time under the lead card. Add a field here and the agent captures it; the local
 * stand-in's reports carry a value for each (supabase/functions/_shared/vapi/fixtures.ts).
 * No file reads here: the Deno tests import it through the fixtures.
 */
export const CAPTURED_FIELDS = {
  name: { type: 'string', description: "The caller's full name" },
  email: { type: 'string', description: "The caller's e-mail address, as they spelled it" },
  phone: { type: 'string', description: 'The best number to call the caller back on' },
  jobType: { type: 'string', description: 'What work the caller needs' },
  zipCode: { type: 'string', description: 'The ZIP or postal code of the job' },
  urgency: {
    type: 'string',
    description: 'How soon the caller needs it',
    enum: ['emergency', 'this week', 'this month', 'just looking'],
  },
} as const satisfies Record<string, JsonSchema>;

export type CapturedField = keyof typeof CAPTURED_FIELDS;
