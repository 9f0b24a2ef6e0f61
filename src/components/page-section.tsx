import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PageSectionProps {
  headingId: string;
  copy: { heading: string; intro?: string };
  tinted?: boolean;
  id?: string;
  focusable?: boolean;
  /** Laid out and painted only as it comes near; names its held height in src/styles/index.css. */
  belowFold?: string;
  children: ReactNode;
}

export function PageSection({
  headingId,
  copy,
  tinted,
  id,
  focusable,
  belowFold,
  children,
}: PageSectionProps) {
  return (
    <section
      id={id}
      data-below-fold={belowFold}
      aria-labelledby={headingId}
      className={cn(tinted && 'bg-slate-50', 'px-4 py-16 sm:py-20')}
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id={headingId}
          tabIndex={focusable ? -1 : undefined}
          data-section-focus={focusable ? '' : undefined}
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          {copy.heading}
        </h2>
        {copy.intro ? <p className="mt-4 text-lg text-slate-600">{copy.intro}</p> : null}
      </div>
      {children}
    </section>
  );
}
