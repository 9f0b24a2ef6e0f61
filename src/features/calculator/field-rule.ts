/**
 * What a calculator field accepts, one rule for the app and for the page before the app has
 * taken over (src/inline/early-fields.ts applies it to the served fields from the first
 * keystroke, each field's bound read from its `data-max`). Kept apart from estimate.ts so the
 * inline script carries only this.
 */
import { CALCULATOR_MAX, type CalculatorField } from '@shared/contracts/calculator-bounds.ts';

/** The most each field takes: the calculator's bounds, which the functions keep too. */
export const FIELD_MAX: Readonly<Record<CalculatorField, number>> = CALCULATOR_MAX;

const DECIMAL = /^\d*\.?\d*$/;

export type Refusal = 'not-a-number' | 'above-max';

/**
 * Why a typed value may not stand in a calculator field, or null when it may: empty, or a
 * non-negative decimal (no letters, signs or exponents), and no more than `max` (the field's
 * bound, FIELD_MAX).
 */
export function refusalOf(raw: string, max?: number): Refusal | null {
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) return 'not-a-number';
  if (max !== undefined && raw !== '.' && Number(raw) > max) return 'above-max';
  return null;
}

/**
 * What a field may hold of a value that reached it without each keystroke being checked (a
 * browser's restored form): the longest start of it the rule accepts, and why the next
 * character was refused, if one was.
 */
export function adoptTyped(typed: string, max?: number): { value: string; why: Refusal | null } {
  for (let end = typed.length; end >= 0; end -= 1) {
    const value = typed.slice(0, end);
    if (!refusalOf(value, max)) {
      return {
        value,
        why: end === typed.length ? null : refusalOf(typed.slice(0, end + 1), max),
      };
    }
  }
  return { value: '', why: null }; // not reached: '' is always accepted
}
