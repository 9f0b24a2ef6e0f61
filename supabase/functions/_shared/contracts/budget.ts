/** The owner's `budget_spent` webhook: sent once per budget and UTC day. */
export type BudgetFeature = 'calls' | 'minutes' | 'phone' | 'chat';

export interface BudgetSpentWebhook {
  type: 'budget_spent';
  feature: BudgetFeature;
  /** In the feature's own unit. */
  limit: number;
  /** ISO 8601, UTC. */
  resets_at: string;
}

/** The day's alert of a budget, as the outbox's claimed delivery carries it (`alert`). */
export interface BudgetAlert {
  feature: BudgetFeature;
  budget: number;
  /** ISO 8601, UTC, to the second. */
  resets_at: string;
}

export function budgetSpentWebhook(alert: BudgetAlert): BudgetSpentWebhook {
  return {
    type: 'budget_spent',
    feature: alert.feature,
    limit: alert.budget,
    resets_at: alert.resets_at,
  };
}
