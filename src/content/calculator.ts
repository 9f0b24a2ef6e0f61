// Words of the revenue calculator. The formula lives in features/calculator/estimate.ts.
import { groupDigits as count } from '@/lib/whole-number';

export const calculator = {
  heading: 'What slow follow-up costs you',
  intro:
    'Leads go cold fast. Put in your own numbers to see what answering late is likely costing you every month.',
  fields: {
    leads: { label: 'Leads per month', placeholder: 'e.g. 40', hint: 'Numbers only' },
    value: { label: 'Average deal value ($)', placeholder: 'e.g. 8500', hint: 'Numbers only' },
    delay: { label: 'Response delay (hours)', placeholder: 'e.g. 3', hint: 'Numbers only' },
    rate: { label: 'Close rate (%)', placeholder: 'e.g. 20', hint: '0 to 100' },
  },
  numbersOnly: 'Numbers only, no letters or signs.',
  // Words that explain a rule take the rule's number (src/features/calculator/field-rule.ts).
  fieldMax: {
    leads: (max: number) => `At most ${count(max)} leads a month.`,
    value: (max: number) => `A deal value can be at most $${count(max)}.`,
    delay: (max: number) => `A delay can be at most ${count(max)} hours.`,
    rate: (max: number) => `A close rate can be at most ${count(max)}.`,
  },
  resultLabel: 'Estimated revenue lost each month',
  resultNote: (fullLossHours: number) =>
    `Counts the share of deals lost as a reply slips past ${fullLossHours} hours.`,
  emptyPrompt: 'Fill in all four numbers (above zero) to see your estimate.',
} as const;
