import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionHeadingProps {
  id: string;
  children: ReactNode;
  intro?: string;
  className?: string;
  /** Lets a script move focus here when the visitor jumps to the section. */
  focusable?: boolean;
}

export function SectionHeading({ id, children, intro, className, focusable }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2
        id={id}
        tabIndex={focusable ? -1 : undefined}
        data-section-focus={focusable ? '' : undefined}
        className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
      >
        {children}
      </h2>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}
