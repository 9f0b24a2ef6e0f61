import type { BudgetFeature, BudgetSpentWebhook } from './contracts/budget.ts';
import type { PageSettings } from './endpoint.ts';
import { postWebhook } from './webhook.ts';

/** The day's first record of a spent budget posts `budget_spent`; failures are only logged. */
export function budgetAlarm(settings: Pick<PageSettings, 'database' | 'webhook' | 'background'>) {
  return (feature: BudgetFeature, limit: number, retryAfterSeconds: number): void => {
    const { webhook } = settings;
    if (!webhook.url) return;
    settings.background(async () => {
      try {
        const spent = (await settings.database('budget_spent', {
          feature,
          budget: limit,
          retry_after: retryAfterSeconds,
        })) as { first: boolean; day: string; resets_at: string };
        if (!spent.first) return;
        const payload: BudgetSpentWebhook = {
          type: 'budget_spent',
          feature,
          limit,
          resets_at: spent.resets_at,
        };
        const delivered = await postWebhook(
          { id: `budget_spent:${feature}:${spent.day}`, payload },
          webhook,
        );
        if (!delivered) console.error(`budget_spent (${feature}): the webhook was not delivered`);
      } catch (error) {
        console.error(`budget_spent (${feature}): not recorded:`, error);
      }
    });
  };
}
