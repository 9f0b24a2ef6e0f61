import { parseBusiness, type Business, type BusinessField } from '@shared/contracts/business.ts';
import { ownBusiness as copy } from '@/content/own-business';

/**
 * "Hear it answer as your business": the visitor's business as the hero's fields hold
 * it (src/app/home/own-business-fields.tsx, server mode only), read when the voice demo's button
 * or Call my phone is pressed, by the same rule the functions apply
 * (supabase/functions/_shared/contracts/business.ts). The features cannot import each other or
 * the hero, so both read it here.
 *
 * The fields are a served island (their code never travels in the first load): uncontrolled, so
 * what was typed before the app took over stays, and this module, loaded with the call's code on
 * intent, shows a refusal (the page's own or the server's `bad_business`) on the served markup
 * itself: the line after the field (announced), `aria-invalid` and `aria-describedby` on it, the
 * `<details>` opened and the focus there; the line goes once the field is changed.
 */

/** The fields' ids: the hero renders them, this module reads them. */
export const OWN_BUSINESS_IDS = {
  details: 'own-business',
  business_name: 'own-business-name',
  trade: 'own-business-trade',
  city: 'own-business-city',
} as const satisfies Record<BusinessField | 'details', string>;

const FIELDS = ['business_name', 'trade', 'city'] as const satisfies readonly BusinessField[];

/** A field's border, as the fields render it, and when it is refused. */
const BORDER = { valid: 'border-slate-400', invalid: 'border-danger' } as const;

/*
 * Module state, owned here alone: the field refused last (null: none). It lives as long as the
 * page; tests start clean with resetOwnBusiness() (src/test/setup.ts).
 */
let refused: BusinessField | null = null;

/** The field refused last, or null. */
export const ownBusinessProblem = (): BusinessField | null => refused;

export function resetOwnBusiness(): void {
  refused = null;
}

/** A field of the page (null when the page has none: not server mode, or another page). */
function fieldElement(field: BusinessField): HTMLInputElement | HTMLSelectElement | null {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(OWN_BUSINESS_IDS[field]);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
    ? element
    : null;
}

/** Takes away the line of a refused field, if any. */
export function clearOwnBusinessProblem(): void {
  refused = null;
  for (const field of FIELDS) {
    const element = fieldElement(field);
    if (!element) continue;
    document.getElementById(`${element.id}-error`)?.remove();
    element.removeAttribute('aria-invalid');
    element.removeAttribute('aria-describedby');
    element.classList.replace(BORDER.invalid, BORDER.valid);
  }
}

/** Shows the line at `field`, marks it, opens the fields and moves the focus there. */
export function refuseOwnBusiness(field: BusinessField): void {
  clearOwnBusinessProblem();
  refused = field;
  const element = fieldElement(field);
  if (!element) return;
  const line = document.createElement('p');
  line.id = `${element.id}-error`;
  line.setAttribute('role', 'alert');
  line.className = 'mt-1 text-sm font-medium text-danger';
  line.textContent = copy.errors[field];
  element.after(line);
  element.setAttribute('aria-invalid', 'true');
  element.setAttribute('aria-describedby', line.id);
  element.classList.replace(BORDER.valid, BORDER.invalid);
  // A select's change fires `input` too.
  element.addEventListener('input', clearOwnBusinessProblem, { once: true });
  const details = document.getElementById(OWN_BUSINESS_IDS.details);
  if (details instanceof HTMLDetailsElement) details.open = true;
  element.focus();
}

/**
 * The business to answer as, at a press: null when none was typed (or the page has no fields:
 * the generic demo); `false` when what was typed breaks the rule: its line is shown, the focus
 * is at its field, and no call starts.
 */
export function readOwnBusiness(): Business | null | false {
  const typed = (field: BusinessField) => fieldElement(field)?.value ?? '';
  const name = typed('business_name');
  const city = typed('city');
  if (name.trim() === '' && city.trim() === '') {
    clearOwnBusinessProblem();
    return null;
  }
  const parsed = parseBusiness({ business_name: name, trade: typed('trade'), city });
  if (!parsed.ok) {
    refuseOwnBusiness(refusedField(parsed.details));
    return false;
  }
  clearOwnBusinessProblem();
  return parsed.value;
}

/** The field a `bad_business` answer names (its `details`), or the name when it names none. */
export function refusedField(details: unknown): BusinessField {
  return details === 'trade' || details === 'city' ? details : 'business_name';
}
