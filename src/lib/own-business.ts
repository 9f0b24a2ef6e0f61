import { useSyncExternalStore } from 'react';
import { parseBusiness, type Business, type BusinessField } from '@shared/contracts/business.ts';

/**
 * "Hear it answer as your business" (issue 44): the visitor's business as the hero's fields hold
 * it (src/app/home/own-business-fields.tsx, server mode only), read when the voice demo's button
 * or Call my phone is pressed, by the same rule the functions apply
 * (supabase/functions/_shared/contracts/business.ts). The features cannot import each other or
 * the hero, so both read it here, and a refusal (the page's own or the server's
 * `bad_business`) is put here for the fields to show. The fields are uncontrolled: what was typed
 * before the app took over stays.
 */

/** The fields' ids: the hero renders them, this module reads them. */
export const OWN_BUSINESS_IDS = {
  details: 'own-business',
  business_name: 'own-business-name',
  trade: 'own-business-trade',
  city: 'own-business-city',
} as const satisfies Record<BusinessField | 'details', string>;

/** A refused field, and a count, so the same field refused again takes the focus again. */
export interface OwnBusinessProblem {
  field: BusinessField;
  count: number;
}

/*
 * Module state, owned here alone: the field refused last (null: none) and the fields' listeners.
 * It lives as long as the page; tests start clean with resetOwnBusiness() (src/test/setup.ts).
 */
let problem: OwnBusinessProblem | null = null;
let refusals = 0;
const listeners = new Set<() => void>();

function setProblem(next: OwnBusinessProblem | null): void {
  problem = next;
  listeners.forEach((listener) => listener());
}

/** Shows the line at `field` and moves the focus there (the fields do, once rendered). */
export function refuseOwnBusiness(field: BusinessField): void {
  refusals += 1;
  setProblem({ field, count: refusals });
}

/** The visitor changed the field: its line goes. */
export function clearOwnBusinessProblem(field: BusinessField): void {
  if (problem?.field === field) setProblem(null);
}

export function resetOwnBusiness(): void {
  problem = null;
  refusals = 0;
  listeners.clear();
}

/** The field refused last, or null. */
export const ownBusinessProblem = (): OwnBusinessProblem | null => problem;

/** The field refused last, for the fields to render (none on the server). */
export function useOwnBusinessProblem(): OwnBusinessProblem | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ownBusinessProblem,
    () => null,
  );
}

/** A field's value as typed ('' when the page has no such field). */
function typed(field: BusinessField): string {
  const element = document.getElementById(OWN_BUSINESS_IDS[field]);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement
    ? element.value
    : '';
}

/**
 * The business to answer as, at a press: null when none was typed (or the page has no fields:
 * the generic demo); `false` when what was typed breaks the rule: its line is shown, the focus
 * is at its field, and no call starts.
 */
export function readOwnBusiness(): Business | null | false {
  if (typeof document === 'undefined') return null;
  const name = typed('business_name');
  const city = typed('city');
  if (name.trim() === '' && city.trim() === '') {
    setProblem(null);
    return null;
  }
  const parsed = parseBusiness({ business_name: name, trade: typed('trade'), city });
  if (!parsed.ok) {
    refuseOwnBusiness(parsed.details as BusinessField);
    return false;
  }
  setProblem(null);
  return parsed.value;
}

/** The field a `bad_business` answer names (its `details`), or the name when it names none. */
export function refusedField(details: unknown): BusinessField {
  return details === 'trade' || details === 'city' ? details : 'business_name';
}
