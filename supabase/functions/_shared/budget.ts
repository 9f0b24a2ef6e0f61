import type { BudgetFeature } from './contracts/budget.ts';
import type { PageSettings } from './endpoint.ts';
import { pressAfterAnswer } from './outbox.ts';

/**
 * Records a refusal of a spent budget. The day's first is stored with its `budget_spent`
 * delivery (the outbox, ./outbox.ts), posted here at once and, when that fails, by
 * deliver-webhooks on the outbox's schedule; later ones only count. Failures are only logged.
 */
export function budgetAlarm(settings: Pick<PageSettings, 'database' | 'webhook' | 'background'>) {
  return (feature: BudgetFeature, limit: number, retryAfterSeconds: number): void => {
    const { webhook } = settings;
    if (!webhook.url) return;
    settings.background(async () => {
      let spent: { first: boolean; day: string };
      try {
        spent = (await settings.database('budget_spent', {
          feature,
          budget: limit,
          retry_after: retryAfterSeconds,
        })) as { first: boolean; day: string };
      } catch (error) {
        console.error(`budget_spent (${feature}): not recorded:`, error);
        return;
      }
      if (!spent.first) return;
      await pressAfterAnswer(
        `budget_spent:${feature}:${spent.day}`,
        settings.database,
        webhook,
        'budget_spent',
      );
    });
  };
}
