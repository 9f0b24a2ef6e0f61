// Words of the lead card: after a demo call, Call my phone or a chat, what the owner received
// (the report's summary, what the agent captured, the transcript, the webhook's JSON). They load
// with the card, when a report is on its way; none is in the first load.
import type { ReportSource } from '@/lib/pending-report';

export const leadCard = {
  heading: 'What the owner just received',
  intro: 'Every call the agent takes ends up as a lead like this one, in the owner’s CRM.',
  waiting: {
    webCall: 'The agent is writing up your call. This takes a few seconds…',
    chat: 'The agent is writing up your chat. This takes a few seconds…',
    callback: 'When your phone call ends, the agent’s write-up shows here.',
  } satisfies Record<ReportSource, string>,
  ready: 'The write-up is in.',
  gaveUp:
    'The write-up has not arrived yet. The owner still gets it; send the form below if you want us to walk you through one.',
  gone: 'This write-up is no longer available here.',
  summary: 'Summary',
  noSummary: 'The agent did not write a summary of this one.',
  captured: 'What the agent captured',
  nothingCaptured: 'Nothing was captured on this one.',
  transcript: 'Transcript',
  webhook: 'The JSON the owner’s automation got',
  webhookLine:
    'This is exactly what the owner’s CRM gets: the webhook’s JSON, signed, the moment the call ends.',
  close: 'Close',
} as const;
