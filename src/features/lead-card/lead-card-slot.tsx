import { Suspense, useState } from 'react';
import { lazyOr } from '@/lib/load-once';
import { usePendingReport, type PendingReport } from '@/lib/pending-report';

/** Renders nothing until a report is on its way, so the card's code is never in the first load. */
type CardProps = { pending: PendingReport; onClose: () => void };
// The owner still gets the report, and the page works.
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
