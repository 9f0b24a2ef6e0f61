/**
 * A lead's typed fields, in one place. Everything that knows a field reads it from this table:
 *
 * - the contact form renders its controls from it, in this order (src/features/contact/), and
 *   checks each value with lead-rules.ts's `leadProblem`, which reads the bounds here;
 * - the lead's contract (contracts/lead.ts) types and parses the row with it, so submit-lead, the
 *   webhook's JSON, the local data API and the local inbox follow;
 * - the database's check for each field (`private.is_lead_<field>`), its column's INSERT grant
 *   and `lead_submit`'s column list are printed from it by `npm run lead-rules:sql` for a
 *   migration, and supabase/tests/lead-fields.sql.test.ts fails when the database and this table
 *   disagree.
 *
 * The words (label, placeholder) are the site's: src/content/contact.ts, one entry per field here.
 * docs/architecture.md, "Adding a field to a lead", walks through adding one.
 */

/** What a field must hold besides its bound (see leadProblem in lead-rules.ts). */
export type LeadContent =
  /** A letter or digit that shows. */
  | 'words'
  /** One @ with text on both sides and a dot after it. */
  | 'email'
  /** Visible text; the form also asks for a phone's characters and at least 7 digits. */
  | 'phone'
  /** Anything within the bound (visible text when required). */
  | 'text';

export interface LeadFieldSpec {
  /** The form's control: an `<input>` of this type, or a textarea. */
  readonly input: 'text' | 'email' | 'tel' | 'textarea';
  /** The browser's autofill token, if any. */
  readonly autoComplete?: string;
  /** Stored NOT NULL and refused empty; an optional field left empty is stored as null. */
  readonly required: boolean;
  /** The most it may hold in UTF-8 bytes, as the database measures it (octet_length). */
  readonly maxBytes: number;
  readonly content: LeadContent;
  /** Line feed and carriage return allowed (every other control character is refused). */
  readonly lineBreaks?: boolean;
  /** Spans both columns of the form on wide screens. */
  readonly wide?: boolean;
}

export const LEAD_FIELD_TABLE = {
  name: {
    input: 'text',
    autoComplete: 'name',
    required: true,
    maxBytes: 200,
    content: 'words',
    wide: true,
  },
  email: { input: 'email', autoComplete: 'email', required: true, maxBytes: 254, content: 'email' },
  phone: { input: 'tel', autoComplete: 'tel', required: true, maxBytes: 40, content: 'phone' },
  company: {
    input: 'text',
    autoComplete: 'organization',
    required: false,
    maxBytes: 200,
    content: 'text',
    wide: true,
  },
  message: {
    input: 'textarea',
    required: true,
    maxBytes: 5000,
    content: 'words',
    lineBreaks: true,
    wide: true,
  },
} as const satisfies Record<string, LeadFieldSpec>;

export type LeadField = keyof typeof LEAD_FIELD_TABLE;

/** The fields in the form's order. */
export const LEAD_FIELDS = Object.keys(LEAD_FIELD_TABLE) as LeadField[];

/** One field's row of the table. */
export const leadField = (field: LeadField): LeadFieldSpec => LEAD_FIELD_TABLE[field];

type Table = typeof LEAD_FIELD_TABLE;
/** The fields a lead must have, and those it may leave out. */
type RequiredField = { [F in LeadField]: Table[F]['required'] extends true ? F : never }[LeadField];
type OptionalField = Exclude<LeadField, RequiredField>;

/**
 * What the visitor typed, as the lead keeps it (trimmed). An optional field may be missing: what
 * was written before it existed (a test's lead, an older page) still types.
 */
export type LeadText = Record<RequiredField, string> & Partial<Record<OptionalField, string>>;

/** The fields as stored: an optional field not given is null. */
export type LeadValues = Record<RequiredField, string> &
  Partial<Record<OptionalField, string | null>>;

/** One field of what was typed: '' when missing. */
export const typedValue = (text: LeadText, field: LeadField): string =>
  (text as Partial<Record<LeadField, string>>)[field] ?? '';

/** The typed fields as the row stores them: an optional field left empty becomes null. */
export function leadValues(text: LeadText): LeadValues {
  return Object.fromEntries(
    LEAD_FIELDS.map((field) => {
      const value = typedValue(text, field);
      return [field, leadField(field).required || value !== '' ? value : null];
    }),
  ) as LeadValues;
}
