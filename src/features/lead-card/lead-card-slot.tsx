import { Suspense, useState } from 'react';
import { lazyOr } from '@/lib/load-once';
import { usePendingReport } from '@/lib/pending-report';

// A card whose code cannot load is not shown: the owner still gets the report, and the page works.
const LeadCard = lazyOr(
  () => import('./lead-card').then((module) => module.LeadCard),
  () => null,
  'Lead card: its code could not be loaded',
);

/** Renders nothing until a report is on its way, so the card's code is never in the first load. */
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
