import { ConsentWords } from '@/components/consent-words';
import { contactSection } from '@/content/contact';

const copy = contactSection.callNow;

/** Uncontrolled, like the fields: a tick before take-over is read at the submit. */
export function CallNowBox({ onChange }: { onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id="contact-call-now"
        name="call_now"
        type="checkbox"
        value="yes"
        aria-describedby="contact-call-now-consent"
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="mt-1 size-5 shrink-0 accent-brand-600"
      />
      <div className="text-sm">
        <label htmlFor="contact-call-now" className="font-semibold text-ink">
          {copy.label}
        </label>
        <p id="contact-call-now-consent" className="mt-0.5 text-slate-700">
          <ConsentWords copy={copy} />
        </p>
      </div>
    </div>
  );
}
