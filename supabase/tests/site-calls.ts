/**
 * Calls and chats the site started, made as its functions make them (the claim, then what Vapi
 * answered), so a test's report is one demo_call_store keeps: start-web-call's web_calls,
 * request-callback's callback_requests, the chat function's web_chats.
 */
import type { SqlDatabase } from '../../server/postgres/database';
import { rpc } from './engines';

/** Limits no test of reports reaches. */
const ROOMY = {
  per_address: 1_000_000,
  per_address_window: 3600,
  per_day: 1_000_000,
  minutes_per_day: 1_000_000,
  concurrent: 1_000_000,
  per_number_per_day: 1_000_000,
  per_address_per_hour: 1_000_000,
  messages_per_chat: 1_000_000,
  messages_per_day: 1_000_000,
};

let serial = 0;
const nextAddress = () => {
  serial += 1;
  return `192.0.2.${serial % 250}`;
};

/** A web call start-web-call started: Vapi's call `vapiCallId` (null: claimed, not recorded). */
export async function siteWebCall(
  requests: SqlDatabase,
  vapiCallId: string | null,
): Promise<string> {
  const id = crypto.randomUUID();
  const claimed = await rpc(requests, 'web_call_claim', {
    id,
    client_address: nextAddress(),
    max_seconds: 180,
    limits: ROOMY,
  });
  if (claimed.outcome !== 'call') throw new Error(`web_call_claim: ${JSON.stringify(claimed)}`);
  if (vapiCallId === null) return id;
  await rpc(requests, 'web_call_record', {
    id,
    status: 'started',
    vapi_call_id: vapiCallId,
    web_call: { id: vapiCallId },
  });
  return id;
}

/** A callback request-callback placed: Vapi's call `vapiCallId` (null: claimed, not recorded). */
export async function siteCallback(
  requests: SqlDatabase,
  vapiCallId: string | null,
): Promise<string> {
  const id = crypto.randomUUID();
  serial += 1;
  const claimed = await rpc(requests, 'callback_claim', {
    id,
    phone: `+1415${String(3_000_000 + serial).padStart(7, '0')}`,
    country: 'US',
    client_address: nextAddress(),
    consent_text: 'I agree to one call from an AI agent.',
    consent_at: new Date().toISOString(),
    limits: ROOMY,
  });
  if (claimed.outcome !== 'call') throw new Error(`callback_claim: ${JSON.stringify(claimed)}`);
  if (vapiCallId)
    await rpc(requests, 'callback_record', { id, status: 'calling', vapi_call_id: vapiCallId });
  return id;
}

/** A chat the chat function started: Vapi's session `sessionId`. */
export async function siteChat(requests: SqlDatabase, sessionId: string): Promise<string> {
  const id = crypto.randomUUID();
  const claimed = await rpc(requests, 'web_chat_claim', {
    id,
    client_address: nextAddress(),
    address_source: 'cf-connecting-ip',
    verified: true,
    limits: ROOMY,
  });
  if (claimed.outcome !== 'message') throw new Error(`web_chat_claim: ${JSON.stringify(claimed)}`);
  await rpc(requests, 'web_chat_record', { id, vapi_session_id: sessionId });
  return id;
}
