import { SectionHeading } from '@/components/section-heading';
import { services, servicesSection } from '@/content/services';

export function ServicesSection() {
  return (
    <section aria-labelledby="services-heading" className="px-4 py-16 sm:py-20">
      <SectionHeading id="services-heading" intro={servicesSection.intro}>
        {servicesSection.heading}
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {services.map((service) => (
          <li key={service.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h3 className="text-xl font-semibold">{service.title}</h3>
            <p className="mt-3 text-slate-700">{service.description}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {service.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">
                    ✓
                  </span>
                  {point}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
