/**
 * Applies field-rule.ts to `data-early-field` inputs before take-over: a refused keystroke leaves
 * the field as it was and marks `data-early-refused` so the app says why later. Kept small: it is
 * in the head of every page.
 */
import { refusalOf } from '@/features/calculator/field-rule';
import type { EarlyPresses } from './early-capture';

export const EARLY_FIELD_ATTR = 'data-early-field';
export const EARLY_MAX_ATTR = 'data-max';
export const EARLY_REFUSED_ATTR = 'data-early-refused';

type Field = HTMLInputElement & { earlyAccepted?: string };

/** Returns what removes the listener. */
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
