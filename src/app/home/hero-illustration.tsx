import { hero } from '@/content/hero';

const art = hero.illustration;

/** Drawn in HTML and CSS in the served HTML: nothing to fetch or decode, nothing shifts, and as a static island it never travels as JavaScript. */
export function HeroIllustration() {
  return (
    <div role="img" aria-label={art.label} className="mx-auto w-full max-w-xs">
      <div
        aria-hidden="true"
        className="rounded-[2rem] bg-brand-900 p-3 text-left shadow-xl shadow-brand-900/20"
      >
        <div className="flex flex-col gap-2.5 rounded-[1.4rem] bg-slate-50 p-4 text-xs text-ink">
          <div className="flex justify-between text-slate-600">
            <span>{art.incoming}</span>
            <span>{art.time}</span>
          </div>
          <p className="text-base font-bold">{art.caller}</p>
          <p className="flex items-center gap-2 rounded-full bg-green-100 px-3 py-1.5 font-semibold text-green-900">
            <span className="size-2.5 shrink-0 rounded-full bg-green-600" />
            {art.answered}
          </p>
          <p className="mr-8 rounded-2xl rounded-bl-sm bg-slate-200 px-3 py-2">{art.caller1}</p>
          <p className="ml-8 rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-white">
            {art.agent1}
          </p>
          <p className="rounded-xl border border-brand-500 bg-white px-3 py-2 font-semibold text-brand-700">
            {art.booked}
          </p>
          <p className="rounded-xl bg-brand-900 px-3 py-2 font-semibold text-white">{art.crm}</p>
        </div>
      </div>
    </div>
  );
}
