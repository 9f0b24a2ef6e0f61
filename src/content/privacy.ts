// SAMPLE COPY: have your own privacy notice reviewed before going live. Every word here is
// shown on /privacy.
import { brand } from './brand';

export const privacy = {
  heading: 'Privacy',
  updated: 'Last updated November 23, 2026',
  intro: `${brand.name} keeps what you tell us to the minimum needed to reply to you. This page says what we collect, where it goes and how to have it deleted.`,
  /** The sections, with "What we count" when the funnel is on (VITE_PLAUSIBLE_DOMAIN). */
  sections: (counted: boolean) => [
    {
      heading: 'The contact form',
      paragraphs: [
        'When you send the form we receive your name, email, phone, company (if you give one) and message, the time you sent it, the page you sent it from, the campaign tags of the link that brought you here (utm_ parameters, if any), the estimate the calculator showed you (if you used it) and whether you tried the voice demo.',
        'It is stored in our database, hosted by Supabase, and passed to our automation service, which adds it to our customer records so we can call or write back. We use it only to answer you and to follow up on your request.',
        'To stop abuse of the form, the database notes the network address each message came from and when, apart from the message, and forgets it after a day.',
      ],
    },
    {
      heading: 'The voice demo',
      paragraphs: [
        'The live voice demo connects you to an AI voice agent, not a person. The call is processed by Vapi and its voice and call providers, and it may be recorded and transcribed so we can improve the agent.',
        'If you used the calculator first, the numbers you entered are passed to the agent so it can talk about them. Calls are limited in length, and you can end one at any time with End Call.',
        'If you type to the agent instead (Type instead), your messages and its replies are processed by Vapi the same way, and the conversation is kept with the calls so we can improve the agent. Do not type anything you would not say on a call.',
      ],
    },
    ...(counted
      ? [
          {
            heading: 'What we count',
            paragraphs: [
              'To learn which pages and offers help visitors, we count visits and a few steps of them with Plausible Analytics, which sets no cookies and keeps nothing that identifies you: the page, the site that brought you here (its address only, never the page you were on) and the campaign tags of your link, your browser, device type and country, and whether you saw an estimate, started a demo call (and how many minutes it lasted), opened the chat, asked for a call or sent the form.',
              'No name, email, phone number, message or dollar figure is ever sent with these counts, not even in a campaign tag. Plausible does not keep your network address: it turns it, with your browser, into a code that changes every day, to count a visit once.',
            ],
          },
        ]
      : []),
    {
      heading: 'What we do not do',
      paragraphs: [
        counted
          ? 'We do not sell your information, and this site sets no cookies and loads no advertising trackers.'
          : 'We do not sell your information, and this site loads no advertising or analytics trackers.',
      ],
    },
    {
      heading: 'Deleting your information',
      paragraphs: [
        `To see, correct or delete what we hold about you, email ${brand.email} from the address you used. We reply within 30 days and delete it from our database, our automation and our customer records.`,
      ],
    },
  ],
  contact: { label: 'Questions? Email', email: brand.email },
} as const;
