import { Suspense, useState } from 'react';
import { lazyOr } from '@/lib/load-once';
import { usePendingReport, type PendingReport } from '@/lib/pending-report';

/**
 * Where the lead card shows: nothing until this visitor's call, callback or chat says its report
 * is on its way (src/lib/pending-report.ts); then the card's code is fetched and it waits for the
 * report. The card is never in the first load; this slot is a few lines of it.
 */
type CardProps = { pending: PendingReport; onClose: () => void };
// Logged when its code cannot be fetched; the owner still gets the report, and the page works.
const LeadCard = lazyOr<CardProps>(
  () => import('./lead-card').then((module) => module.LeadCard),
  () => null,
  'Lead card: its code could not be loaded',
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
