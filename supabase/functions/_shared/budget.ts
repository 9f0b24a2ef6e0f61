import type { BudgetFeature } from './contracts/budget.ts';
import type { PageSettings } from './endpoint.ts';
import { pressDelivery } from './outbox.ts';

/** After the answer: within the outbox's 30 s claim. */
const PRESS = { tries: 2, timeoutMs: 5_000 };

/**
 * Records a refusal of a spent budget. The day's first is stored with its `budget_spent`
 * delivery (the outbox, ./outbox.ts), posted here at once and, when that fails, by
 * deliver-webhooks on the outbox's schedule; later ones only count. Failures are only logged.
 */
export function budgetAlarm(settings: Pick<PageSettings, 'database' | 'webhook' | 'background'>) {
  return (feature: BudgetFeature, limit: number, retryAfterSeconds: number): void => {
    const { webhook } = settings;
    if (!webhook.url) return;
    const post = { ...webhook, ...PRESS };
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
      const id = `budget_spent:${feature}:${spent.day}`;
      try {
        if ((await pressDelivery(id, settings.database, post)) === 'failed')
          console.error(`budget_spent: the webhook did not take ${id}; the outbox retries it`);
      } catch (error) {
        console.error(`budget_spent: ${id} was not posted (the outbox retries it):`, error);
      }
    });
  };
}
