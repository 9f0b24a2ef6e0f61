import { useEffect, useRef } from 'react';
import type { BusinessField } from '@shared/contracts/business.ts';
import { ownBusiness as copy } from '@/content/own-business';
import { trades } from '@/content/trades';
import { cn } from '@/lib/cn';
import {
  clearOwnBusinessProblem,
  OWN_BUSINESS_IDS as IDS,
  useOwnBusinessProblem,
} from '@/lib/own-business';
import { useTrade } from '@/lib/trade';

/**
 * "Hear it answer as your business" (issue 44, server mode): a collapsed `<details>` under the
 * ways to try the agent, served closed, so it moves nothing above it and adds one line. Its
 * fields are uncontrolled and read at the press (src/lib/own-business.ts); a refused one shows
 * its line, is marked invalid and takes the focus. On a trade page the trade is preset to it.
 */
export function OwnBusinessFields() {
  const trade = useTrade();
  const problem = useOwnBusinessProblem();
  const details = useRef<HTMLDetailsElement>(null);

  // A refusal (the page's or the server's): open, and the focus to the field, its line read out.
  useEffect(() => {
    if (!problem) return;
    if (details.current) details.current.open = true;
    document.getElementById(IDS[problem.field])?.focus();
  }, [problem]);

  const control = (field: BusinessField) => {
    const invalid = problem?.field === field;
    return {
      id: IDS[field],
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${IDS[field]}-error` : undefined,
      onInput: () => clearOwnBusinessProblem(field),
      className: cn(
        'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink',
        invalid ? 'border-danger' : 'border-slate-400',
      ),
    };
  };
  const label = (field: BusinessField, text: string) => (
    <label htmlFor={IDS[field]} className="mt-3 mb-1 block text-sm font-semibold text-ink">
      {text}
    </label>
  );
  const line = (field: BusinessField) =>
    problem?.field === field ? (
      <p id={`${IDS[field]}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
        {copy.errors[field]}
      </p>
    ) : null;

  return (
    <details
      ref={details}
      id={IDS.details}
      className="w-full max-w-md text-left text-sm text-slate-700"
    >
      <summary className="min-h-11 cursor-pointer py-2.5 text-center font-semibold text-brand-700 underline lg:text-left">
        {copy.summary}
      </summary>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p>{copy.intro}</p>
        {label('business_name', copy.nameLabel)}
        <input {...control('business_name')} type="text" autoComplete="organization" />
        {line('business_name')}
        {label('trade', copy.tradeLabel)}
        <select {...control('trade')} defaultValue={trade?.slug ?? ''}>
          {trade ? null : <option value="">{copy.chooseTrade}</option>}
          {trades.map(({ slug, name }) => (
            <option key={slug} value={slug}>
              {name}
            </option>
          ))}
        </select>
        {line('trade')}
        {label('city', copy.cityLabel)}
        <input {...control('city')} type="text" autoComplete="address-level2" />
        {line('city')}
      </div>
    </details>
  );
}
