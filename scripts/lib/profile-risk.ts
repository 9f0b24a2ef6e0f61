/** What a named browser profile lets a stranger do, in the owner's units (docs/security.md). */
import type { SiteConfig } from '../../src/lib/config-schema';

/**
 * A call-minute all in (Vapi's fee, model, voice, transport); Vapi's default limit of calls at
 * once; a chat message of a GPT-4o-class model over 20 messages, with Vapi's fee.
 */
const PUBLIC_KEY_RISK = {
  dollarsPerCallMinute: [0.1, 0.2],
  concurrentCalls: 10,
  chatMessagesPerSecond: 10,
  dollarsPerChatMessage: [0.005, 0.02],
} as const;

const MINUTES_A_DAY = 24 * 60;

export function publicKeyWorstCase() {
  const callMinutes = PUBLIC_KEY_RISK.concurrentCalls * MINUTES_A_DAY;
  const chatMessages = PUBLIC_KEY_RISK.chatMessagesPerSecond * MINUTES_A_DAY * 60;
  const range = (count: number, [low, high]: readonly [number, number]) =>
    [Math.round(count * low), Math.round(count * high)] as const;
  return {
    callMinutes,
    callDollars: range(callMinutes, PUBLIC_KEY_RISK.dollarsPerCallMinute),
    chatMessages,
    chatDollars: range(chatMessages, PUBLIC_KEY_RISK.dollarsPerChatMessage),
  };
}

const dollars = ([low, high]: readonly [number, number]) =>
  `$${low.toLocaleString('en-US')} to $${high.toLocaleString('en-US')}`;

export interface ProfileRisk {
  named: 'VITE_VAPI_AUTH=public-key' | 'VITE_LEADS=browser';
  worst: string;
  fix: string;
  accept: '--accept-public-key' | '--accept-browser-leads';
}

export function profileRisks(config: SiteConfig): ProfileRisk[] {
  const risks: ProfileRisk[] = [];
  if (config.vapi?.auth === 'public-key') {
    const worst = publicKeyWorstCase();
    risks.push({
      named: 'VITE_VAPI_AUTH=public-key',
      worst: `the Vapi public key ships in every page, and a script can start calls and chats with it without the site: at ${PUBLIC_KEY_RISK.concurrentCalls} calls at once all day, ${worst.callMinutes.toLocaleString('en-US')} call-minutes, ${dollars(worst.callDollars)} a day; at ${PUBLIC_KEY_RISK.chatMessagesPerSecond} chat messages a second, ${worst.chatMessages.toLocaleString('en-US')} messages, ${dollars(worst.chatDollars)} a day. Only Vapi's spending limit stops it`,
      fix: 'remove VITE_VAPI_AUTH and VITE_VAPI_PUBLIC_KEY (the server step then starts every call within its daily limits; docs/deploy.md step 5.4)',
      accept: '--accept-public-key',
    });
  }
  if (config.leads.via === 'browser') {
    risks.push({
      named: 'VITE_LEADS=browser',
      worst:
        "the automation webhook's address ships in every page, and a script can post look-alike leads, callbacks and call reports to your CRM past every database guard, as many as your automation accepts",
      fix: 'remove VITE_LEADS and VITE_CONTACT_WEBHOOK_URL, and set the webhook as a function secret (supabase secrets set CONTACT_WEBHOOK_URL=… CONTACT_WEBHOOK_SECRET=…; docs/deploy.md)',
      accept: '--accept-browser-leads',
    });
  }
  return risks;
}

export function profileWarningBlock(config: SiteConfig): string[] {
  const risks = profileRisks(config);
  if (risks.length === 0) return [];
  return [
    '',
    '!! This build ships a browser path the default keeps on the server:',
    ...risks.flatMap((risk) => [
      `!! ${risk.named}: ${risk.worst}.`,
      `!!   To switch to the bounded default: ${risk.fix}.`,
    ]),
    '!! npm run check:live reports each as a FAIL unless given its --accept-… flag (docs/security.md).',
    '',
  ];
}
