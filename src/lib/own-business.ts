import { parseBusiness, type Business, type BusinessField } from '@shared/contracts/business.ts';
import { ownBusiness as copy } from '@/content/own-business';

/**
 * The hero's business fields are a served island, uncontrolled so what was typed before hydration
 * stays; features cannot import the hero, so they read and refuse the fields on the markup here.
 */

export const OWN_BUSINESS_IDS = {
  details: 'own-business',
  business_name: 'own-business-name',
  trade: 'own-business-trade',
  city: 'own-business-city',
} as const satisfies Record<BusinessField | 'details', string>;

const FIELDS = ['business_name', 'trade', 'city'] as const satisfies readonly BusinessField[];

const BORDER = { valid: 'border-slate-400', invalid: 'border-danger' } as const;

let refused: BusinessField | null = null;

export const ownBusinessProblem = (): BusinessField | null => refused;

export function resetOwnBusiness(): void {
  refused = null;
}

function fieldElement(field: BusinessField): HTMLInputElement | HTMLSelectElement | null {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(OWN_BUSINESS_IDS[field]);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
    ? element
    : null;
}

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

/** null: none typed (the generic demo); false: it breaks the rule, its field is marked and focused. */
export function readOwnBusiness(): Business | null | false {
  const typed = (field: BusinessField) => fieldElement(field)?.value ?? '';
  const name = typed('business_name');
  const city = typed('city');
  const none = name.trim() === '' && city.trim() === '';
  const parsed = none ? null : parseBusiness({ business_name: name, trade: typed('trade'), city });
  if (parsed && !parsed.ok) {
    refuseOwnBusiness(refusedField(parsed.details));
    return false;
  }
  clearOwnBusinessProblem();
  return parsed ? parsed.value : null;
}

export function refusedField(details: unknown): BusinessField {
  return details === 'trade' || details === 'city' ? details : 'business_name';
}
