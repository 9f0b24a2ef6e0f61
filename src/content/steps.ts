// SAMPLE COPY: replace with your own process.

export interface Step {
  title: string;
  description: string;
}

export const stepsSection = {
  heading: 'How It Works',
  intro: 'From first call to a live agent in about two weeks.',
} as const;

export const steps: Step[] = [
  {
    title: 'Map your calls',
    description:
      'We walk through the calls you get, the questions callers ask and where each lead should end up.',
  },
  {
    title: 'Build the AI layer',
    description:
      'I build and test your voice agent, follow-up and CRM routing on your real scripts, then we tune it together.',
  },
  {
    title: 'You run the business',
    description:
      'The agent answers, follows up and books. You get clean summaries and a calendar that fills itself.',
  },
];
