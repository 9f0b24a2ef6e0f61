import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { SectionHeading } from '@/components/section-heading';
import { calculator as copy } from '@/content/calculator';
import { setVisitEstimate } from '@/lib/visit';
import {
  adoptTyped,
  estimateLostRevenue,
  formatUsd,
  FULL_LOSS_DELAY_HOURS,
  MAX_CLOSE_RATE,
  refusalOf,
  type Refusal,
  type CalculatorInputs,
} from './estimate';

const FIELDS = ['leads', 'value', 'delay', 'rate'] as const;
type Field = (typeof FIELDS)[number];

const REFUSAL_MESSAGES: Record<Refusal, string> = {
  'not-a-number': copy.numbersOnly,
  'above-max': copy.rateMax(MAX_CLOSE_RATE),
};

export function CalculatorSection() {
  const [values, setValues] = useState<CalculatorInputs>({
    leads: '',
    value: '',
    delay: '',
    rate: '',
  });
  const [refused, setRefused] = useState<{ field: Field; why: Refusal } | null>(null);
  const idPrefix = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  // Numbers typed into the served page before the app took over count: adopt them, so the
  // estimate shows at once and nothing the visitor typed is wiped by the first render.
  useLayoutEffect(() => {
    const adopted: CalculatorInputs = { leads: '', value: '', delay: '', rate: '' };
    let any = false;
    let lastRefusal: { field: Field; why: Refusal } | null = null;
    for (const field of FIELDS) {
      const { value, why } = adoptTyped(field, inputs.current[field]?.value ?? '');
      adopted[field] = value;
      if (value) any = true;
      if (why) lastRefusal = { field, why };
    }
    // The fields are the outside source here; reading them at commit leaves no gap for a keystroke.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (any) setValues(adopted);
    if (lastRefusal) setRefused(lastRefusal);
  }, []);
  const estimate = estimateLostRevenue(values);

  // What the calculator shows goes with the visitor's lead, and into a demo call.
  useEffect(() => {
    setVisitEstimate(
      estimate === null
        ? null
        : {
            leads: Number(values.leads),
            value: Number(values.value),
            delay: Number(values.delay),
            rate: Number(values.rate),
            estimate: Math.round(estimate),
          },
    );
  }, [estimate, values]);
  useEffect(() => () => setVisitEstimate(null), []);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    const why = refusalOf(field, next);
    if (why) {
      // The keystroke is refused: the input keeps its last accepted value, and says why.
      setRefused({ field, why });
      return;
    }
    setRefused(null);
    setValues((current) => ({ ...current, [field]: next }));
  };

  return (
    <section aria-labelledby="calculator-heading" className="bg-slate-50 px-4 py-16 sm:py-20">
      <SectionHeading id="calculator-heading" intro={copy.intro}>
        {copy.heading}
      </SectionHeading>
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
                  placeholder={copy.fields[field].placeholder}
                  value={values[field]}
                  onChange={onChange(field)}
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
                  {refusedHere ? REFUSAL_MESSAGES[refusedHere] : copy.fields[field].hint}
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
    </section>
  );
}
