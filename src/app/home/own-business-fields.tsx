import type { BusinessField } from '@shared/contracts/business.ts';
import { ownBusiness as copy } from '@/content/own-business';
import { trades } from '@/content/trades';
import { OWN_BUSINESS_IDS as IDS } from '@/lib/own-business';
import { useTrade } from '@/lib/trade';

/** Served closed below the ways to try the agent, so nothing above it moves; read by src/lib/own-business.ts. */
export function OwnBusinessFields() {
  const trade = useTrade();
  const label = (field: BusinessField, text: string) => (
    <label htmlFor={IDS[field]} className="mt-3 mb-1 block text-sm font-semibold text-ink">
      {text}
    </label>
  );
  // own-business.ts swaps this border's colour for a refused field.
  const control = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink';
  return (
    <details id={IDS.details} className="w-full max-w-md text-left text-sm text-slate-700">
      <summary className="min-h-11 cursor-pointer py-2.5 text-center font-semibold text-brand-700 underline lg:text-left">
        {copy.summary}
      </summary>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p>{copy.intro}</p>
        {label('business_name', copy.nameLabel)}
        <input id={IDS.business_name} type="text" autoComplete="organization" className={control} />
        {label('trade', copy.tradeLabel)}
        <select id={IDS.trade} defaultValue={trade?.slug ?? ''} className={control}>
          {trade ? null : <option value="">{copy.chooseTrade}</option>}
          {trades.map(({ slug, name }) => (
            <option key={slug} value={slug}>
              {name}
            </option>
          ))}
        </select>
        {label('city', copy.cityLabel)}
        <input id={IDS.city} type="text" autoComplete="address-level2" className={control} />
      </div>
    </details>
  );
}
