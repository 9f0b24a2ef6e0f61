import { PageSection } from '@/components/page-section';
import { callSamples, callSamplesSection as copy } from '@/content/call-samples';
import { trades } from '@/content/trades';
import { useTrade } from '@/lib/trade';

/** `preload="none"`: the player loads nothing before play. */
export function CallSamplesSection() {
  const trade = useTrade();
  // A trade with no transcript yet shows no player.
  const shown = (trade ? [trade] : trades).filter((entry) => callSamples[entry.slug]);
  return (
    <PageSection headingId="samples-heading" copy={copy}>
      <ul className="mx-auto mt-10 grid max-w-6xl gap-6 lg:grid-cols-3">
        {shown.map((entry) => {
          const sample = callSamples[entry.slug]!;
          const transcriptId = `transcript-${entry.slug}`;
          return (
            <li
              key={entry.slug}
              // Held card by card (src/styles/index.css): one per trade, however many there are.
              data-below-fold="sample"
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5"
            >
              <h3 className="text-lg font-semibold">{entry.name}</h3>
              <p className="text-sm text-slate-600">{copy.length(sample.durationSeconds)}</p>
              <audio
                controls
                preload="none"
                data-transcript={transcriptId}
                className="w-full"
                aria-label={`${copy.heading}: ${entry.name}`}
              >
                {sample.sources.map((source) => (
                  <source key={source.src} src={source.src} type={source.type} />
                ))}
                <track
                  kind="captions"
                  src={sample.captions}
                  srcLang="en"
                  label={copy.captionsLabel}
                />
              </audio>
              <ol
                id={transcriptId}
                aria-label={copy.transcriptLabel(entry.name.toLowerCase())}
                className="flex flex-col gap-1.5 text-sm text-slate-800"
              >
                {sample.lines.map((line) => (
                  <li
                    key={line.start}
                    data-start={line.start}
                    className="rounded-lg px-2 py-1 aria-[current=true]:bg-brand-100 aria-[current=true]:font-medium"
                  >
                    <span className="font-semibold">{copy.speaker[line.speaker]}:</span> {line.text}
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
      <p className="mx-auto mt-6 max-w-3xl text-center text-xs text-slate-600">{copy.note}</p>
    </PageSection>
  );
}
