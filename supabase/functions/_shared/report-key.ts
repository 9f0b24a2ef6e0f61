import type { ReportTicket } from './contracts/report-read.ts';
import { signedKeys } from './signed-key.ts';

/**
 * A report belongs to the page that started its call or chat. The key names the id alone, not the
 * address: a phone may change networks during a call and still read its report.
 */
export const REPORT_KEY_LABEL = 'report: a report belongs to the page that started it, v1';

export type ReportKeys = ReturnType<typeof reportKeys>;

export function reportKeys(secret: string) {
  const keys = signedKeys(secret, REPORT_KEY_LABEL);
  const message = (id: string) => `report\n${id.toLowerCase()}`;
  const keyOf = (id: string) => keys.keyOf(message(id));
  return {
    keyOf,
    holds: (key: string | null, id: string) => keys.holds(key, message(id)),
    ticketOf: async (id: string): Promise<ReportTicket> => ({ id, key: await keyOf(id) }),
  };
}
