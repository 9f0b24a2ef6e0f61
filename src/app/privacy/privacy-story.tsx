import { privacy } from '@/content/privacy';
import { config } from '@/lib/config';

/** A static island: its words never travel as JavaScript. */
export function PrivacyStory() {
  return (
    <article aria-labelledby="privacy-heading" className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <h1 id="privacy-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
        {privacy.heading}
      </h1>
      <p className="mt-3 text-sm text-slate-600">{privacy.updated}</p>
      <p className="mt-6 text-lg text-slate-700">{privacy.intro}</p>
      {privacy.sections(config.analytics !== null).map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-bold tracking-tight">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-10 text-slate-700">
        {privacy.contact.label}{' '}
        <a
          href={`mailto:${privacy.contact.email}`}
          className="font-semibold text-brand-700 underline"
        >
          {privacy.contact.email}
        </a>
        .
      </p>
    </article>
  );
}
