import { useEffect, useState } from 'react';
import { siteFunctions } from '@/lib/config';
import type { LeadCardReport } from '@shared/contracts/report-read.ts';
import { leadCard as copy } from '@/content/lead-card';
import { Button } from '@/components/ui/button';
import { PanelHeader } from '@/components/intent-panel';
import { BookATime } from '@/components/book-a-time';
import type { BookingPrefill } from '@/lib/booking';
import type { PendingReport } from '@/lib/pending-report';
import { waitForReport, type ReportOutcome } from './read-report';

/** `jobType` → "Job type", `zip_code` → "Zip code". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fieldValue = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function capturedFields(data: unknown): [string, string][] {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object' || Array.isArray(data)) return [[copy.captured, fieldValue(data)]];
  return Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => [fieldLabel(key), fieldValue(value)]);
}

/** The first text whose key matches (`keys`: any case, with `_`, `-` or nothing between words). */
function capturedText(data: unknown, keys: RegExp): string | undefined {
  // An array's or a string's keys are indexes, which match no name.
  for (const [key, value] of Object.entries(data ?? {})) {
    if (keys.test(key) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The call's id as the owner's webhook names it (`vapi_call_id`) is the booking's lead id. */
export function bookingPrefill(report: LeadCardReport): BookingPrefill {
  const data = report.structured_data;
  return {
    name: capturedText(data, /^(full[_-]?|caller[_-]?|customer[_-]?|contact[_-]?)?name$/i),
    email: capturedText(data, /^(e[_-]?mail|email[_-]?address)$/i),
    notes: report.summary ?? undefined,
    leadId: report.webhook.vapi_call_id,
  };
}

function Report({ report }: { report: LeadCardReport }) {
  const fields = capturedFields(report.structured_data);
  return (
    <div className="mt-4 space-y-4 text-left">
      <div>
        <h3 className="font-semibold text-ink">{copy.summary}</h3>
        <p className="mt-1 text-slate-700">{report.summary ?? copy.noSummary}</p>
      </div>
      <div>
        <h3 className="font-semibold text-ink">{copy.captured}</h3>
        {fields.length > 0 ? (
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-700">
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1 text-slate-700">{copy.nothingCaptured}</p>
        )}
      </div>
      {report.transcript && (
        <details>
          <summary className="cursor-pointer font-semibold text-ink">{copy.transcript}</summary>
          <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">{report.transcript}</p>
        </details>
      )}
      <details>
        <summary className="cursor-pointer font-semibold text-ink">{copy.webhook}</summary>
        <p className="mt-2 text-sm text-slate-700">{copy.webhookLine}</p>
        <pre
          data-testid="lead-card-webhook"
          className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
        >
          {JSON.stringify(report.webhook, null, 2)}
        </pre>
      </details>
      <BookATime {...bookingPrefill(report)} />
    </div>
  );
}

/** What the owner received after this visitor's call or chat; loaded only when a report is on its way. */
export function LeadCard({ pending, onClose }: { pending: PendingReport; onClose: () => void }) {
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);

  useEffect(() => {
    const stop = new AbortController();
    void waitForReport(siteFunctions, pending, stop.signal).then((found) => {
      if (!stop.signal.aborted) setOutcome(found);
    });
    return () => stop.abort();
  }, [pending]);

  const line = outcome
    ? { ready: copy.ready, gone: copy.gone, 'gave-up': copy.gaveUp }[outcome.kind]
    : copy.waiting[pending.source];

  return (
    <section
      aria-labelledby="lead-card-heading"
      className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm"
    >
      <PanelHeader id="lead-card-heading" heading={copy.heading} align="start">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {copy.close}
        </Button>
      </PanelHeader>
      <p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
      <p role="status" className="mt-3 text-slate-700">
        {line}
      </p>
      {outcome?.kind === 'ready' && <Report report={outcome.report} />}
    </section>
  );
}
