import { readFileSync } from 'node:fs';
import { site } from '../site.config.ts';
import { MAX_CALL_SECONDS } from '../supabase/functions/_shared/contracts/call-length.ts';
import type {
  AssistantDefinition,
  AssistantServerMessage,
} from '../supabase/functions/_shared/vapi/types.ts';
import {
  ASSISTANT_NAME_MAX,
  VAPI_SECRET_HEADER,
} from '../supabase/functions/_shared/vapi/client.ts';
import { CAPTURED_FIELDS } from './captured-fields.ts';

/**
 * The voice agent, as Vapi's assistant: `npm run agent:push` creates or updates it, `npm run
 * agent:diff` and `npm run check:live` compare the live one with it, and the local stack's Vapi
 * stand-in serves it. The prose is agent/prompt.md; the name and trades are site.config.ts's.
 * Each call and chat the functions start fills the prompt's {{variables}} (the calculator's, the
 * trade, the visitor's business, the lead a callback follows) and may override the first message
 * and the length; everything else is this.
 */

/** What differs between deployments: the project the reports go to, and the site's cap. */
export interface AssistantInputs {
  /** SUPABASE_URL: the reports go to its vapi-events function. */
  supabaseUrl: string;
  /** VAPI_WEBHOOK_SECRET: vapi-events refuses a message without it. */
  webhookSecret: string;
  /** VAPI_MAX_CALL_SECONDS: no call runs longer. */
  maxCallSeconds: number;
}

/**
 * The messages vapi-events reads: a call's report, a callback's steps, the do_not_call tool, and
 * a chat's report (its session, completed). Vapi sends no other.
 */
export const SERVER_MESSAGES = [
  'end-of-call-report',
  'status-update',
  'tool-calls',
  'session.updated',
] as const satisfies readonly AssistantServerMessage[];

/** `[[site_name]]` and `[[trades]]` are the config's; `{{…}}` are Vapi's, filled per call. */
export function systemPrompt(
  source = readFileSync(new URL('./prompt.md', import.meta.url), 'utf8'),
) {
  const filled = source
    .replaceAll('[[site_name]]', site.name)
    .replaceAll(
      '[[trades]]',
      site.trades.map((trade) => `${trade.slug} (${trade.name})`).join(', '),
    )
    .trim();
  const left = /\[\[[^\]]*\]\]/.exec(filled);
  if (left) throw new Error(`agent/prompt.md: ${left[0]} is not a placeholder of the site's`);
  return filled;
}

export function assistantDefinition(inputs: AssistantInputs): AssistantDefinition {
  const { min, max } = MAX_CALL_SECONDS;
  if (
    !Number.isInteger(inputs.maxCallSeconds) ||
    inputs.maxCallSeconds < min ||
    inputs.maxCallSeconds > max
  )
    throw new RangeError(`VAPI_MAX_CALL_SECONDS must be a whole number from ${min} to ${max}`);
  return {
    name: site.name.slice(0, ASSISTANT_NAME_MAX),
    firstMessage: `Thanks for calling ${site.name}. I'm the AI receptionist: ask me anything, or tell me about your business.`,
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      temperature: 0.5,
      messages: [{ role: 'system', content: systemPrompt() }],
    },
    voice: { provider: 'vapi', voiceId: 'Elliot' },
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en' },
    maxDurationSeconds: inputs.maxCallSeconds,
    analysisPlan: {
      summaryPlan: { enabled: true },
      structuredDataPlan: {
        enabled: true,
        schema: { type: 'object', properties: CAPTURED_FIELDS },
      },
    },
    server: {
      url: `${inputs.supabaseUrl.replace(/\/+$/, '')}/functions/v1/vapi-events`,
      headers: { [VAPI_SECRET_HEADER]: inputs.webhookSecret },
    },
    serverMessages: [...SERVER_MESSAGES],
  };
}

/** The inputs from the environment the functions' secrets are set from; `null` names what is missing. */
export function assistantInputsFrom(
  env: Record<string, string | undefined>,
): { inputs: AssistantInputs; missing: null } | { inputs: null; missing: string[] } {
  const missing = ['SUPABASE_URL', 'VAPI_WEBHOOK_SECRET'].filter((name) => !env[name]?.trim());
  if (missing.length) return { inputs: null, missing };
  const cap = env.VAPI_MAX_CALL_SECONDS?.trim();
  return {
    inputs: {
      supabaseUrl: env.SUPABASE_URL!.trim(),
      webhookSecret: env.VAPI_WEBHOOK_SECRET!.trim(),
      maxCallSeconds: cap ? Number(cap) : MAX_CALL_SECONDS.fallback,
    },
    missing: null,
  };
}
