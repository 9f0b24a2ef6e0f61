import { contactSection as copy } from '@/content/contact';
import {
  cleanText,
  LEAD_FIELDS,
  LEAD_MAX_BYTES,
  leadProblem,
  type LeadField,
  type LeadProblem,
} from '@shared/lead-rules.ts';
import type { ContactValues } from './submission';

export type ContactField = LeadField;
export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * The fields' maxlength: the database's byte limits (supabase/functions/_shared/lead-rules.ts).
 * A character takes at least one byte, so the attribute never stops what the database takes;
 * text of wider characters is measured in bytes by the validation below.
 */
export const MAX_LENGTH: Record<ContactField, number> = {
  name: LEAD_MAX_BYTES.name,
  email: LEAD_MAX_BYTES.email,
  phone: LEAD_MAX_BYTES.phone,
  company: LEAD_MAX_BYTES.company,
  message: LEAD_MAX_BYTES.message,
};

export const FIELD_ORDER: readonly ContactField[] = LEAD_FIELDS;
const PHONE_CHARS = /^[0-9+().\-\s/x#ext]+$/i;

function errorMessage(field: ContactField, problem: LeadProblem): string {
  switch (problem.kind) {
    case 'required':
      return copy.errors.required(copy.fields[field].label);
    case 'no-letters':
      return copy.errors.noLetters;
    case 'control':
      return copy.errors.control;
    case 'email':
      return copy.errors.email;
    case 'too-long':
      return copy.errors.tooLong(problem.over);
  }
}

/**
 * What is wrong with each field, in words for the visitor; empty when the form may be sent.
 * The rules are the database's (lead-rules.ts), so nothing the form lets through is refused there.
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of FIELD_ORDER) {
    const problem = leadProblem(field, cleanText(values[field]));
    if (problem) errors[field] = errorMessage(field, problem);
  }
  const phone = cleanText(values.phone);
  if (!errors.phone && (!PHONE_CHARS.test(phone) || phone.replace(/\D/g, '').length < 7)) {
    errors.phone = copy.errors.phone;
  }
  return errors;
}
