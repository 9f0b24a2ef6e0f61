import { PageSection } from '@/components/page-section';
import { testimonials, testimonialsSection } from '@/content/testimonials';
import { useTrade } from '@/lib/trade';

export function TestimonialsSection() {
  // A trade's page shows its own trade's testimonial first.
  const first = useTrade()?.testimonialFirst;
  const shown = first
    ? [...testimonials].sort((a, b) => Number(b.name === first) - Number(a.name === first))
    : testimonials;
  return (
    <PageSection
      headingId="testimonials-heading"
      copy={testimonialsSection}
      tinted
      belowFold="testimonials"
    >
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {shown.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
              <p className="text-3xl font-bold text-brand-700">
                {t.metric.value}{' '}
                <span className="text-base font-medium text-slate-700">{t.metric.label}</span>
              </p>
              <blockquote className="mt-4 flex-1 text-slate-800">
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <img
                  src={t.portrait}
                  alt={`Portrait of ${t.name}`}
                  width={192}
                  height={192}
                  loading="lazy"
                  decoding="async"
                  className="size-14 rounded-full object-cover"
                />
                <span>
                  <span className="block font-semibold">{t.name}</span>
                  <span className="block text-sm text-slate-600">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
