import { contactSection as copy } from '@/content/contact';
import type { ContactValues } from './submission';

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The database's limits (supabase/migrations), checked here first so nothing is refused there. */
export const MAX_LENGTH: Record<ContactField, number> = {
  name: 200,
  email: 320,
  phone: 40,
  company: 200,
  message: 5000,
};

export const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'company', 'message'];
const REQUIRED: ContactField[] = ['name', 'email', 'phone', 'message'];
/**
 * What counts as white space, as the database counts it (supabase/migrations/*_lead_guards.sql):
 * every Unicode White_Space character and the invisible U+180E, U+200B-U+200D, U+2060, U+FEFF.
 */
const SPACE = '\\s\\u0085\\u180e\\u200b-\\u200d\\u2060';
const VISIBLE = new RegExp(`[^${SPACE}]`);
/** The same shape the database's CHECK constraint and insert policy accept. */
const EMAIL = new RegExp(`^[^@${SPACE}]+@[^@${SPACE}]+\\.[^@${SPACE}]+$`);

/** Whether the text holds at least one character that is not white space. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}
const PHONE_CHARS = /^[0-9+().\-\s/x#ext]+$/i;

/** What is wrong with each field, in words for the visitor; empty when the form may be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of FIELD_ORDER) {
    const value = values[field].trim();
    if (REQUIRED.includes(field) && !hasVisibleText(value)) {
      errors[field] = copy.errors.required(copy.fields[field].label);
    } else if (value.length > MAX_LENGTH[field]) {
      errors[field] = copy.errors.tooLong(MAX_LENGTH[field]);
    }
  }
  const email = values.email.trim();
  if (!errors.email && !EMAIL.test(email)) errors.email = copy.errors.email;
  const phone = values.phone.trim();
  if (!errors.phone && (!PHONE_CHARS.test(phone) || phone.replace(/\D/g, '').length < 7)) {
    errors.phone = copy.errors.phone;
  }
  return errors;
}
