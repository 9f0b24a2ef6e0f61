// SAMPLE COPY: replace with your own words.

export const hero = {
  eyebrow: 'For solar, real estate and field-service teams',
  headline: 'Every call answered. Every lead followed up. Automatically.',
  lead: 'I build AI voice agents that pick up in one ring, qualify the caller, book the job and drop it straight into your CRM, day or night.',
  demoButton: 'View Demo',
  demoButtonHint: 'opens in a new tab',
  tryItNote: 'Try it now: press the button and talk to the agent from your browser.',
} as const;
