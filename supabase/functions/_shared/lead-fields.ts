/**
 * A lead's typed fields: the form, the contract, and (through `npm run lead-rules:sql`) the
 * database's checks all read this table; supabase/tests/lead-fields.sql.test.ts fails when the
 * database disagrees. docs/architecture.md walks through adding a field.
 */

export interface LeadFieldSpec {
  readonly input: 'text' | 'email' | 'tel' | 'textarea';
  readonly autoComplete?: string;
  /** An optional field left empty is stored as null. */
  readonly required: boolean;
  /** UTF-8 bytes, as octet_length measures. */
  readonly maxBytes: number;
  /** Checked by leadProblem in lead-rules.ts. */
  readonly content: 'words' | 'email' | 'phone' | 'text';
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

export const LEAD_FIELDS = Object.keys(LEAD_FIELD_TABLE) as LeadField[];

export const leadField = (field: LeadField): LeadFieldSpec => LEAD_FIELD_TABLE[field];

type Table = typeof LEAD_FIELD_TABLE;
type RequiredField = { [F in LeadField]: Table[F]['required'] extends true ? F : never }[LeadField];
type OptionalField = Exclude<LeadField, RequiredField>;

/** An optional field may be missing, so a lead written before it existed still types. */
export type LeadText = Record<RequiredField, string> & Partial<Record<OptionalField, string>>;

export type LeadValues = Record<RequiredField, string> &
  Partial<Record<OptionalField, string | null>>;

export const typedValue = (text: LeadText, field: LeadField): string =>
  (text as Partial<Record<LeadField, string>>)[field] ?? '';

export function leadValues(text: LeadText): LeadValues {
  return Object.fromEntries(
    LEAD_FIELDS.map((field) => {
      const value = typedValue(text, field);
      return [field, leadField(field).required || value !== '' ? value : null];
    }),
  ) as LeadValues;
}
