import type { LeadRow } from '../contracts/lead.ts';

/** A lead as the table gives it back: created_at in UTC, as PostgREST writes a timestamptz. */
export function storedLead(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: '6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
    name: 'Dana Lee',
    email: 'dana@example.com',
    phone: '555 010 2030',
    company: null,
    message: 'Please call me back.',
    created_at: '2026-11-24T14:17:00+00:00',
    page: '/',
    utm: null,
    estimate: null,
    demo_call: false,
    visit_id: null,
    trade: null,
    ...overrides,
  };
}
