/**
 * The calculator's rule from the first keystroke: part of the early capture (early-capture.ts),
 * so it runs before the app has taken over the served page. A field marked
 * `data-early-field="key"` (with `data-max` where it has a ceiling) shows only what the rule of
 * src/features/calculator/field-rule.ts accepts: a refused keystroke or paste leaves the field as
 * it was (caret included), as the app does after take-over, and the field is marked
 * `data-early-refused="<why>"` so the app says why when it takes over. Once the owner of the key
 * is live, the app's own handler does all this and the capture steps aside. Kept small: it is in
 * the head of every page.
 */
import { refusalOf } from '@/features/calculator/field-rule';
import type { EarlyPresses } from './early-capture';

export const EARLY_FIELD_ATTR = 'data-early-field';
export const EARLY_MAX_ATTR = 'data-max';
export const EARLY_REFUSED_ATTR = 'data-early-refused';

/** A served field, with the last value the rule accepted in it (none yet: the empty field). */
type Field = HTMLInputElement & { earlyAccepted?: string };

/** Listens on `doc` for typing into marked fields; returns what removes the listener. */
export function installEarlyFields(doc: Document, state: EarlyPresses): () => void {
  const onInput = (event: Event) => {
    const field = event.target as Field;
    const key = field.getAttribute && field.getAttribute(EARLY_FIELD_ATTR);
    if (!key || state.live[key]) return;
    const max = field.getAttribute(EARLY_MAX_ATTR);
    const typed = field.value;
    const why = refusalOf(typed, max === null ? undefined : Number(max));
    if (!why) {
      field.earlyAccepted = typed;
      field.removeAttribute(EARLY_REFUSED_ATTR);
      return;
    }
    const kept = field.earlyAccepted || '';
    // The caret goes back to where it stood before the refused characters.
    const caret = Math.max(0, (field.selectionStart || 0) - typed.length + kept.length);
    field.value = kept;
    field.setSelectionRange(caret, caret);
    field.setAttribute(EARLY_REFUSED_ATTR, why);
  };
  doc.addEventListener('input', onInput, true);
  return () => doc.removeEventListener('input', onInput, true);
}
