/** Shared with the inline early-fields script, so it is kept apart from estimate.ts: the page carries only this. */

const DECIMAL = /^\d*\.?\d*$/;

export type Refusal = 'not-a-number' | 'above-max';

/** Empty or a non-negative decimal (no letters, signs or exponents) within `max`; null when it may stand. */
export function refusalOf(raw: string, max?: number): Refusal | null {
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) return 'not-a-number';
  if (max !== undefined && raw !== '.' && Number(raw) > max) return 'above-max';
  return null;
}

/** For a value no keystroke check saw (a browser's restored form): its longest accepted start, and why the next character was refused. */
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
