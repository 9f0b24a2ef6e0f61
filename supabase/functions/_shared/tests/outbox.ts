import type { BudgetAlert } from '../contracts/budget.ts';
import type { StoredCallReport } from '../contracts/call-report.ts';

/** A delivery's subject, as the database's claim carries it. */
export type Subject =
  | { lead: Record<string, unknown> }
  | { report: StoredCallReport & Record<string, unknown> }
  | { alert: BudgetAlert };

interface Held {
  subject: Subject;
  attempts: number;
  claim: string | null;
  delivered: boolean;
}

/** What `enqueue` writes: waiting, or as if another request held it or had delivered it. */
type Written = 'waiting' | 'claimed' | 'delivered';

/**
 * public.lead_delivery as the database answers it, in memory (its SQL, with workers at once, is
 * tested in supabase/tests/lead-guards.sql.test.ts and outbox.sql.test.ts): deliveries written
 * with `enqueue`, as the database's triggers write them with their subjects; claim, done, release
 * and due. Only `due` (the worker's) counts an attempt of the schedule: a press's claim answers
 * the attempts so far. Every request is kept in `requests`; with `failDone`, marking a delivery
 * done fails as a database that is down does.
 */
export function fakeOutbox({ failDone = false }: { failDone?: boolean } = {}) {
  const held = new Map<string, Held>();
  const requests: Record<string, unknown>[] = [];
  let claims = 0;
  const claimed = (id: string, delivery: Held, { attempt }: { attempt: boolean }) => {
    claims += 1;
    if (attempt) delivery.attempts += 1;
    delivery.claim = `2026-11-24T14:17:30.${String(claims).padStart(6, '0')}+00:00`;
    return {
      state: 'claimed',
      id,
      claim: delivery.claim,
      attempt: delivery.attempts,
      ...delivery.subject,
    };
  };
  return {
    requests,
    enqueue: (id: string, subject: Subject, written: Written = 'waiting') =>
      void held.set(id, {
        subject,
        attempts: 0,
        claim: written === 'claimed' ? "another request's claim" : null,
        delivered: written === 'delivered',
      }),
    /** The delivery's state: delivered, claimed, or waiting (released, or never claimed). */
    stateOf: (id: string) => {
      const delivery = held.get(id);
      if (!delivery) return 'missing';
      return delivery.delivered ? 'delivered' : delivery.claim ? 'claimed' : 'waiting';
    },
    call: (request: Record<string, unknown>): unknown => {
      requests.push(request);
      const id = String(request.id);
      const delivery = held.get(id);
      switch (request.action) {
        case 'claim':
          if (!delivery) return { state: 'missing' };
          if (delivery.delivered) return { state: 'delivered' };
          if (delivery.claim) return { state: 'busy' };
          return claimed(id, delivery, { attempt: false });
        case 'due':
          return {
            state: 'due',
            deliveries: [...held]
              .filter(([, waiting]) => !waiting.delivered && !waiting.claim)
              .map(([dueId, waiting]) => claimed(dueId, waiting, { attempt: true })),
          };
        case 'done':
          if (failDone) throw new Error('database lead_delivery: 503');
          if (delivery) Object.assign(delivery, { delivered: true, claim: null });
          return { state: 'delivered' };
        case 'release':
          if (delivery && !delivery.delivered && delivery.claim === request.claim)
            delivery.claim = null;
          return { state: 'released' };
        default:
          throw new Error(`lead_delivery: unknown action ${String(request.action)}`);
      }
    },
  };
}
