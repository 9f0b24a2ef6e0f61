/**
 * The owner's `budget_spent` webhook: a day's budget of a feature ran out (demo calls, their
 * minutes, Call my phone, chat messages), sent once per budget and day, signed as every
 * delivery is (../webhook.ts). Its delivery id, `budget_spent:<feature>:<UTC day>`, is the
 * receiver's idempotency key.
 */
export type BudgetFeature = 'calls' | 'minutes' | 'phone' | 'chat';

export interface BudgetSpentWebhook {
  type: 'budget_spent';
  feature: BudgetFeature;
  /** The budget that ran out, in its own unit: calls, minutes, calls, messages a day. */
  limit: number;
  /** When the first of the day's uses leaves the window (ISO 8601, UTC): the feature opens again. */
  resets_at: string;
}
