// The bot check is rendered only when the site's ceiling turns a submission away.
import type { LeadRow, SubmitLeadBody } from '@shared/contracts/lead.ts';
import type { BotCheckSession } from '@/lib/bot-check';
import { callFunction, type FunctionsClient } from '@/lib/functions';
import type { BotCheckedInsert, InsertOutcome } from './submission';

/** Turnstile usually passes without a click; when it asks for one, the visitor needs time. */
export const BOT_CHECK_WAIT_MS = 30_000;

export async function submitLead(
  client: FunctionsClient,
  row: LeadRow,
  captcha: string | null,
  signal: AbortSignal,
): Promise<InsertOutcome> {
  const body: SubmitLeadBody = { ...row, ...(captcha === null ? {} : { captcha }) };
  const answer = await callFunction(client, 'submit-lead', body, signal);
  // As supabase-js reports a dropped connection.
  if (!answer.reached) return { ok: false, status: 0, code: '', message: answer.detail };
  const { code, message, delivered } = answer.body;
  const said = typeof delivered === 'boolean' ? { delivered } : {};
  if (answer.status === 201) return { ok: true, ...said };
  return {
    ok: false,
    status: answer.status,
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : '',
    ...said,
  };
}

export function createBotCheckedInsert(
  client: FunctionsClient,
  botCheck: BotCheckSession,
): BotCheckedInsert {
  return {
    token: () => botCheck.token(BOT_CHECK_WAIT_MS),
    insert: (row, captcha, signal) => submitLead(client, row, captcha, signal),
  };
}
