import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PageSectionProps {
  /** The heading's id: it names the section. */
  headingId: string;
  copy: { heading: string; intro?: string };
  /** On the light grey that sets it apart from its white neighbours. */
  tinted?: boolean;
  /** The section's own id, where a link or script jumps to it. */
  id?: string;
  /** Lets a script move focus to the heading when the visitor jumps to the section. */
  focusable?: boolean;
  /**
   * Below the first screen: laid out and painted only as it comes near (src/styles/index.css,
   * `[data-below-fold]`, which holds the height it stands at until then, by this name).
   */
  belowFold?: string;
  children: ReactNode;
}

/** A section of a page: its heading and intro centred above what it holds. */
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
