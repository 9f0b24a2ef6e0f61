import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadOnce } from '@/lib/load-once';
import { usePendingReport, type PendingReport } from '@/lib/pending-report';

/**
 * Where the lead card shows: nothing until this visitor's call, callback or chat says its report
 * is on its way (src/lib/pending-report.ts); then the card's code is fetched and it waits for the
 * report. The card is never in the first load; this slot is a few lines of it.
 */
const loadCard = loadOnce(() => import('./lead-card'));
type CardProps = { pending: PendingReport; onClose: () => void };
const LeadCard = lazy<ComponentType<CardProps>>(() =>
  loadCard().then(
    (module) => ({ default: module.LeadCard }),
    (error: unknown) => {
      // Logged; the owner still gets the report, and the rest of the page works.
      console.error('Lead card: its code could not be loaded', error);
      return { default: () => null };
    },
  ),
);

export function LeadCardSlot() {
  const pending = usePendingReport();
  // The card the visitor closed stays closed until the next report.
  const [closed, setClosed] = useState<typeof pending>(null);
  if (!pending || closed === pending) return null;
  return (
    <Suspense fallback={null}>
      <LeadCard key={pending.since} pending={pending} onClose={() => setClosed(pending)} />
    </Suspense>
  );
}
