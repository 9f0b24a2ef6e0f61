import { about } from '@/content/about';
import { portraitInline } from '@/content/about-portrait';

export function AboutStory() {
  return (
    <>
      <section
        aria-labelledby="about-heading"
        className="bg-gradient-to-b from-brand-50 to-white px-4 py-14 sm:py-20"
      >
        <div className="mx-auto grid max-w-5xl items-center gap-10 md:grid-cols-[1fr_20rem]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {about.intro.eyebrow}
            </p>
            <h1
              id="about-heading"
              className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
            >
              {about.intro.heading}
            </h1>
            <p className="mt-6 text-lg text-slate-700">{about.intro.body}</p>
          </div>
          <img
            src={portraitInline}
            alt={about.intro.image.alt}
            width={about.intro.image.width}
            height={about.intro.image.height}
            // The first screen's largest paint, inline: sync decoding shows it in the same frame as the text.
            decoding="sync"
            className="mx-auto aspect-square w-64 rounded-3xl object-cover md:w-80"
          />
        </div>
      </section>
      <section aria-labelledby="personal-heading" className="px-4 py-14 sm:py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="personal-heading" className="text-3xl font-bold tracking-tight">
            {about.personal.heading}
          </h2>
          {about.personal.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
    </>
  );
}
