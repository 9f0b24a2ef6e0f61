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
