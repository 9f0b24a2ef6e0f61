import { contactSection as copy } from '@/content/contact';
import {
  LEAD_FIELDS,
  leadField,
  typedValue,
  type LeadField,
  type LeadText,
} from '@shared/lead-fields.ts';
import { cleanText, leadProblem, type LeadProblem } from '@shared/lead-rules.ts';

export type ContactErrors = Partial<Record<LeadField, string>>;

const PHONE_CHARS = /^[0-9+().\-\s/x#ext]+$/i;

function errorMessage(field: LeadField, problem: LeadProblem): string {
  if (problem.kind === 'required') return copy.errors.required(copy.fields[field].label);
  if (problem.kind === 'too-long') return copy.errors.tooLong(problem.over);
  const { noLetters, control, email } = copy.errors;
  return { 'no-letters': noLetters, control, email }[problem.kind];
}

const isPhoneLike = (value: string) =>
  PHONE_CHARS.test(value) && value.replace(/\D/g, '').length >= 7;

/** The database's rules (lead-rules.ts), so nothing the form lets through is refused there. */
export function validateContact(values: LeadText): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of LEAD_FIELDS) {
    const value = cleanText(typedValue(values, field));
    const problem = leadProblem(field, value);
    if (problem) errors[field] = errorMessage(field, problem);
    else if (leadField(field).content === 'phone' && value !== '' && !isPhoneLike(value)) {
      errors[field] = copy.errors.phone;
    }
  }
  return errors;
}
