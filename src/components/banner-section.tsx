import type { ReactNode } from 'react';

interface BannerSectionProps {
  id: string;
  copy: { heading: string; body: string };
  /** Below the first screen: see PageSection's `belowFold`. */
  belowFold?: string;
  children?: ReactNode;
}

export function BannerSection({ id, copy, belowFold, children }: BannerSectionProps) {
  return (
    <section
      aria-labelledby={id}
      data-below-fold={belowFold}
      className="bg-brand-900 px-4 py-14 text-white sm:py-16"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="text-lg text-brand-100">{copy.body}</p>
        {children}
      </div>
    </section>
  );
}
