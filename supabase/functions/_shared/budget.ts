import type { BudgetFeature, BudgetSpentWebhook } from './contracts/budget.ts';
import type { Background } from './background.ts';
import type { CallDatabase } from './database.ts';
import { postWebhook, type WebhookSettings } from './webhook.ts';

/** What a function needs to tell the owner a budget is spent. */
export interface BudgetAlarmSettings {
  database: CallDatabase;
  /** No webhook set: nothing is posted (the refusal itself is unchanged). */
  webhook?: WebhookSettings;
  background: Background;
}

/** What public.budget_spent answers. */
interface Spent {
  first: boolean;
  day: string;
  resets_at: string;
}

/**
 * A day's budget ran out (a claim answered `limited` with that budget): after the answer, the
 * database records it, and the day's first record of that budget posts the owner's signed
 * `budget_spent` webhook. Any failure is logged, never the visitor's.
 */
export function budgetAlarm(settings: BudgetAlarmSettings) {
  return (feature: BudgetFeature, limit: number, retryAfterSeconds: number): void => {
    const webhook = settings.webhook;
    if (!webhook?.url) return;
    settings.background(async () => {
      try {
        const spent = (await settings.database('budget_spent', {
          feature,
          budget: limit,
          retry_after: retryAfterSeconds,
        })) as Spent;
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
