import { PageSection } from '@/components/page-section';
import { steps, stepsSection } from '@/content/steps';

export function StepsSection() {
  return (
    <PageSection headingId="steps-heading" copy={stepsSection} belowFold="steps">
      <ol className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl font-semibold">{step.title}</h3>
            <p className="mt-2 text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
