import { PageSection } from '@/components/page-section';
import { services, servicesSection } from '@/content/services';
import { trades } from '@/content/trades';
import { tradePicker } from '@/content/trades/picker';
import { Link } from '@/lib/router';
import { useTrade } from '@/lib/trade';

export function ServicesSection() {
  const trade = useTrade();
  const intro = trade?.services.intro ?? servicesSection.intro;
  return (
    <PageSection headingId="services-heading" copy={{ ...servicesSection, intro }}>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-3">
        {services.map((service) => (
          <li
            key={service.title}
            // Held card by card (src/styles/index.css): on / the section also has a link per trade.
            data-below-fold="service"
            className="rounded-2xl border border-slate-200 p-6 shadow-sm"
          >
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
      {trade ? null : (
        // On /, the way to each trade's page (src/content/trades/).
        <nav aria-labelledby="trades-heading" className="mx-auto mt-12 max-w-4xl text-center">
          <h3 id="trades-heading" className="text-lg font-semibold">
            {tradePicker.heading}
          </h3>
          <p className="mt-1 text-slate-700">{tradePicker.intro}</p>
          <ul className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
            {trades.map((entry) => (
              <li key={entry.slug}>
                <Link
                  to={entry.path}
                  className="flex min-h-11 items-center justify-center rounded-full border border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
                >
                  {entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </PageSection>
  );
}
