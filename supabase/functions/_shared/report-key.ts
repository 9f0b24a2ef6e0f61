import type { ReportTicket } from './contracts/report-read.ts';
import { signedKeys } from './signed-key.ts';

/**
 * A report belongs to the page that started its call or chat: the start's answer carries a
 * ticket, the id of what it started and that id's key (./signed-key.ts, with a label of its
 * own), and call-report reads a report only with both. The key names the id alone, not the
 * client's address: a phone may change networks during a call and still read its report.
 */

/** The label the report keys are derived with: another use of the same secret gets other keys. */
export const REPORT_KEY_LABEL = 'report: a report belongs to the page that started it, v1';

export interface ReportKeys {
  /** The key of the report of `id` (a web call's, a callback's or a chat's row id). */
  keyOf: (id: string) => Promise<string>;
  /** Whether `key` is the key of `id`'s report, compared in constant time. */
  holds: (key: string | null, id: string) => Promise<boolean>;
  /** The ticket a start answers with: `{id, key}`. */
  ticketOf: (id: string) => Promise<ReportTicket>;
}

/** The report keys from `secret` (the service-role key, as the functions' settings read it). */
export function reportKeys(secret: string): ReportKeys {
  const keys = signedKeys(secret, REPORT_KEY_LABEL);
  const message = (id: string) => `report\n${id.toLowerCase()}`;
  const keyOf = (id: string) => keys.keyOf(message(id));
  return {
    keyOf,
    holds: (key, id) => keys.holds(key, message(id)),
    ticketOf: async (id) => ({ id, key: await keyOf(id) }),
  };
}
