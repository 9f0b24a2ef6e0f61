/**
 * The calculator's rule from the first keystroke: part of the early capture (early-capture.ts),
 * so it runs before the app has taken over the served page. A field marked
 * `data-early-field="key"` (with `data-max` where it has a ceiling) shows only what the rule of
 * src/features/calculator/field-rule.ts accepts: a refused keystroke or paste leaves the field as
 * it was, caret included, as the app does after take-over, and the field is marked
 * `data-early-refused="<why>"` so the app says why when it takes over. Once the owner of the key
 * is live, the app's own handler does all this and the capture steps aside.
 */
import { adoptTyped, refusalOf } from '@/features/calculator/field-rule';
import type { EarlyPresses } from './early-capture';

export const EARLY_FIELD_ATTR = 'data-early-field';
export const EARLY_MAX_ATTR = 'data-max';
export const EARLY_REFUSED_ATTR = 'data-early-refused';

interface Field {
  value: string;
  selectionStart: number | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  setSelectionRange?(start: number, end: number): void;
}

/** Listens on `doc` for typing into marked fields; returns what removes the listeners. */
export function installEarlyFields(doc: Document, state: EarlyPresses): () => void {
  // The last value each field held that the rule accepted (read when it is focused, kept as
  // accepted keystrokes land).
  const accepted = new WeakMap<object, string>();
  const fieldOf = (target: EventTarget | null): Field | null => {
    const element = target as Field | null;
    const key = element && element.getAttribute ? element.getAttribute(EARLY_FIELD_ATTR) : null;
    return key && !state.live[key] ? element : null;
  };
  const maxOf = (field: Field): number | undefined => {
    const max = field.getAttribute(EARLY_MAX_ATTR);
    return max === null ? undefined : Number(max);
  };
  const onFocus = (event: Event) => {
    const field = fieldOf(event.target);
    if (field && !accepted.has(field))
      accepted.set(field, adoptTyped(field.value, maxOf(field)).value);
  };
  const onInput = (event: Event) => {
    const field = fieldOf(event.target);
    if (!field) return;
    const max = maxOf(field);
    const typed = field.value;
    const why = refusalOf(typed, max);
    if (!why) {
      accepted.set(field, typed);
      field.removeAttribute(EARLY_REFUSED_ATTR);
      return;
    }
    const previous = accepted.has(field) ? accepted.get(field)! : adoptTyped(typed, max).value;
    // The caret goes back to where it stood before the refused characters.
    const caret = Math.max(
      0,
      (field.selectionStart ?? typed.length) - (typed.length - previous.length),
    );
    field.value = previous;
    if (field.setSelectionRange) field.setSelectionRange(caret, caret);
    field.setAttribute(EARLY_REFUSED_ATTR, why);
  };
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('input', onInput, true);
  return () => {
    doc.removeEventListener('focusin', onFocus, true);
    doc.removeEventListener('input', onInput, true);
  };
}
