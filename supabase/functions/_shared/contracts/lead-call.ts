import { plainProse } from './plain-text.ts';

/**
 * The call that follows a lead. What the visitor typed reaches the agent only as these
 * variables, each cleaned and bounded here.
 */
export interface LeadForCall {
  name: string;
  company: string | null;
  message: string;
}

/** Code points: a few sentences. */
export const LEAD_MESSAGE_MAX_CHARS = 600;

/**
 * As plainProse reads it: controls, bidi overrides and isolates and every other invisible
 * character go (they reorder or hide what a transcript's reader sees). A field with a word that
 * still hides (look-alike letters of two scripts, piled marks) reaches the agent empty.
 */
const spoken = (text: string): string => plainProse(text) ?? '';

function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd();
}

/** Always all three, so the owner's prompt never shows an unfilled {{lead_company}}. */
export function leadCallVariables(lead: LeadForCall) {
  return {
    lead_name: spoken(lead.name),
    lead_company: spoken(lead.company ?? ''),
    lead_message: cut(spoken(lead.message), LEAD_MESSAGE_MAX_CHARS),
  };
}

export function leadFirstName(name: string): string {
  return spoken(name).split(' ')[0] ?? '';
}

export const LEAD_CALL_WORDS = {
  greeting: (firstName: string, business: string) =>
    `Hi${firstName ? ` ${firstName}` : ''}, this is the AI assistant for ${business}. ` +
    "I'm calling because you just sent us a message on our website and asked for a call. ",
} as const;

/** An answer of another shape throws, as a failing database does. */
export function parseLeadFound(answer: unknown): (LeadForCall & { phone: string }) | null {
  if (typeof answer !== 'object' || answer === null) throw new Error('callback_lead: no answer');
  const row = answer as Record<string, unknown>;
  if (row.found === false) return null;
  if (
    row.found !== true ||
    typeof row.name !== 'string' ||
    typeof row.message !== 'string' ||
    typeof row.phone !== 'string' ||
    (row.company !== null && typeof row.company !== 'string')
  ) {
    throw new Error('callback_lead: an answer of another shape');
  }
  return { name: row.name, company: row.company, message: row.message, phone: row.phone };
}
