/**
 * The call that follows a lead (the contact form's "Have the agent call me now"), in
 * one place: what request-callback reads of the stored lead (public.callback_lead), the
 * variables the owner's assistant gets from it, and the greeting of its first words (the rest of
 * them, the offer to stop, and the do_not_call tool are ./callback-call.ts's, as on every
 * callback). What the visitor typed reaches the agent only as these variables, each cleaned and
 * bounded here; the owner's prompt treats them as data (docs/deploy.md). Not imported by the page.
 */

/** The lead as the call needs it: its typed fields, as the database stored them. */
export interface LeadForCall {
  name: string;
  company: string | null;
  message: string;
}

/** What public.callback_lead answers for a lead it found (the number to compare, too). */
export interface LeadFound extends LeadForCall {
  phone: string;
}

/** The most of the message the agent is given, in characters (code points): a few sentences. */
export const LEAD_MESSAGE_MAX_CHARS = 600;

/**
 * The variables of a call that follows a lead. Always all three, as strings: `lead_company` is
 * '' when the lead gave none, so the owner's prompt never shows an unfilled {{lead_company}}.
 */
export interface LeadCallVariables {
  lead_name: string;
  lead_company: string;
  lead_message: string;
}

/**
 * Text as the agent gets it: line breaks and tabs become spaces, every other control character
 * (C0, DEL, C1) and the bidirectional overrides and isolates (which reorder what a reader of the
 * transcript sees) are removed, runs of spaces become one, the ends trimmed.
 */
function spoken(text: string): string {
  return text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** At most `max` characters, cut between code points (never half of a surrogate pair). */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd();
}

export function leadCallVariables(lead: LeadForCall): LeadCallVariables {
  return {
    lead_name: spoken(lead.name),
    lead_company: spoken(lead.company ?? ''),
    lead_message: cut(spoken(lead.message), LEAD_MESSAGE_MAX_CHARS),
  };
}

/** The first word of the name, as the agent greets the person ('' for a name of no word). */
export function leadFirstName(name: string): string {
  return spoken(name).split(' ')[0] ?? '';
}

export const LEAD_CALL_WORDS = {
  /**
   * The greeting of a call that follows a lead: the person by first name, the business as its AI
   * assistant, and why it calls (they just sent a message and asked for a call). The offer to
   * stop follows (CALLBACK_CALL_WORDS.stop).
   */
  greeting: (firstName: string, business: string) =>
    `Hi${firstName ? ` ${firstName}` : ''}, this is the AI assistant for ${business}. ` +
    "I'm calling because you just sent us a message on our website and asked for a call. ",
} as const;

/**
 * public.callback_lead's answer: the lead found, or null (not found, too old, or an answer of
 * another shape, which the function takes as the database failing: it throws).
 */
export function parseLeadFound(answer: unknown): LeadFound | null {
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
