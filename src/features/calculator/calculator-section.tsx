import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { PageSection } from '@/components/page-section';
import { calculator as copy } from '@/content/calculator';
import { EARLY_FIELD_ATTR, EARLY_MAX_ATTR, EARLY_REFUSED_ATTR } from '@/inline/early-fields';
import { useTrade } from '@/lib/trade';
import { funnel } from '@/lib/funnel';
import { setVisitEstimate } from '@/lib/visit';
import { formatUsd } from '@/lib/whole-number';
import { estimateLostRevenue, FULL_LOSS_DELAY_HOURS, type CalculatorInputs } from './estimate';
// The functions keep these bounds too.
import {
  CALCULATOR_FIELDS as FIELDS,
  CALCULATOR_MAX as MAX,
  type CalculatorField as Field,
} from '@shared/contracts/calculator-bounds.ts';
import { adoptTyped, refusalOf, type Refusal } from './field-rule';

const EARLY_KEY = 'calculator';

const refusalMessage = (field: Field, why: Refusal): string =>
  why === 'above-max' ? copy.fieldMax[field](MAX[field]) : copy.numbersOnly;

const EMPTY: CalculatorInputs = { leads: '', value: '', delay: '', rate: '' };

export function CalculatorSection() {
  const [values, setValues] = useState(EMPTY);
  const [refused, setRefused] = useState<{ field: Field; why: Refusal } | null>(null);
  const idPrefix = useId();
  const trade = useTrade()?.calculator;
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  // Numbers typed before take-over are adopted, so the estimate shows at once and the first
  // render wipes nothing; the early capture held them to the rule until now.
  useLayoutEffect(() => {
    const early = window.__earlyPresses;
    if (early) early.live[EARLY_KEY] = true;
    const adopted = { ...EMPTY };
    let lastRefusal: { field: Field; why: Refusal } | null = null;
    for (const field of FIELDS) {
      const input = inputs.current[field];
      const { value, why } = adoptTyped(input?.value ?? '', MAX[field]);
      const refusedEarly = input?.getAttribute(EARLY_REFUSED_ATTR) as Refusal | null | undefined;
      input?.removeAttribute(EARLY_REFUSED_ATTR);
      adopted[field] = value;
      const reason = why ?? refusedEarly ?? null;
      if (reason) lastRefusal = { field, why: reason };
    }
    // Reading the fields at commit leaves no gap for a keystroke.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (FIELDS.some((field) => adopted[field])) setValues(adopted);
    if (lastRefusal) setRefused(lastRefusal);
    return () => {
      if (early) early.live[EARLY_KEY] = false;
    };
  }, []);
  const estimate = estimateLostRevenue(values);

  useEffect(() => {
    if (estimate === null) return;
    setVisitEstimate({
      leads: Number(values.leads),
      value: Number(values.value),
      delay: Number(values.delay),
      rate: Number(values.rate),
      estimate: Math.round(estimate),
    });
    return () => setVisitEstimate(null);
  }, [estimate, values]);
  const shown = estimate !== null;
  useEffect(() => {
    if (shown) funnel.estimateShown();
  }, [shown]);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    const why = refusalOf(next, MAX[field]);
    if (why) {
      // Refused: the input keeps its last accepted value, and says why.
      setRefused({ field, why });
      return;
    }
    setRefused(null);
    setValues((current) => ({ ...current, [field]: next }));
  };

  return (
    <PageSection
      headingId="calculator-heading"
      belowFold="calculator"
      copy={{ heading: copy.heading, intro: trade?.intro ?? copy.intro }}
      tinted
    >
      <div className="mx-auto mt-10 grid max-w-4xl gap-8 lg:grid-cols-2">
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map((field) => {
            const inputId = `${idPrefix}-${field}`;
            const hintId = `${inputId}-hint`;
            const refusedHere = refused?.field === field ? refused.why : null;
            return (
              <div key={field} className="flex flex-col gap-1.5">
                <label htmlFor={inputId} className="text-sm font-semibold text-ink">
                  {copy.fields[field].label}
                </label>
                <input
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  id={inputId}
                  name={field}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={15}
                  placeholder={trade?.placeholders[field] ?? copy.fields[field].placeholder}
                  value={values[field]}
                  onChange={onChange(field)}
                  {...{ [EARLY_FIELD_ATTR]: EARLY_KEY, [EARLY_MAX_ATTR]: MAX[field] }}
                  suppressHydrationWarning
                  aria-describedby={hintId}
                  aria-invalid={refusedHere ? true : undefined}
                  className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-lg text-ink placeholder:text-slate-500"
                />
                <p
                  id={hintId}
                  aria-live="polite"
                  className={
                    refusedHere ? 'text-sm font-medium text-danger' : 'text-sm text-slate-600'
                  }
                >
                  {refusedHere ? refusalMessage(field, refusedHere) : copy.fields[field].hint}
                </p>
              </div>
            );
          })}
        </div>
        <div className="flex flex-col justify-center rounded-2xl bg-brand-900 p-8 text-white">
          <output aria-live="polite" aria-atomic="true" className="block">
            {estimate === null ? (
              <span className="text-lg text-brand-100">{copy.emptyPrompt}</span>
            ) : (
              <>
                <span className="block text-sm font-semibold tracking-wide text-brand-100 uppercase">
                  {copy.resultLabel}
                </span>
                <span
                  className="mt-2 block text-4xl font-bold sm:text-5xl"
                  data-testid="calculator-result"
                >
                  {formatUsd(estimate)}
                </span>
              </>
            )}
          </output>
          <p className="mt-4 text-sm text-brand-100">{copy.resultNote(FULL_LOSS_DELAY_HOURS)}</p>
        </div>
      </div>
    </PageSection>
  );
}
