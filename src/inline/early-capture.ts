/**
 * The early-press capture: the first script of every page, inlined in <head> so it listens
 * before any control is on screen (the same idea as Angular's event replay and Qwik's loader,
 * cut down to what this site needs). The build bundles and minifies this file into the page
 * (scripts/lib/inline-script.ts); src/lib/early-press.ts is the app's side of it.
 *
 * A press of a control marked `data-early-press="key"`, or a submit of a form marked
 * `data-early-submit="key"`, is stopped (so nothing happens natively), marked on the element
 * (`data-early-pressed`, styled as "working") and remembered by key, until the component that
 * owns the key says it is live. Fields marked `data-early-field` keep the calculator's rule
 * from the first keystroke (early-fields.ts).
 */
import { installEarlyFields } from './early-fields';

/** What the capture keeps on `window`: remembered keys, and the keys that are live. */
export interface EarlyPresses {
  queue: string[];
  live: Record<string, boolean>;
}

declare global {
  interface Window {
    __earlyPresses?: EarlyPresses;
  }
}

export const EARLY_PRESS_ATTR = 'data-early-press';
export const EARLY_SUBMIT_ATTR = 'data-early-submit';
export const EARLY_PRESSED_ATTR = 'data-early-pressed';

/** Installs the capture once per page; returns what removes it (for tests). */
export function installEarlyCapture(win: Window): () => void {
  if (win.__earlyPresses) return () => undefined;
  const doc = win.document;
  const state: EarlyPresses = { queue: [], live: {} };
  win.__earlyPresses = state;
  const hold = (event: Event, element: Element, key: string) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (state.queue.indexOf(key) < 0) state.queue.push(key);
    element.setAttribute(EARLY_PRESSED_ATTR, '');
  };
  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    // (`closest` is missing on text nodes and in very old engines.)
    const element = target && target.closest ? target.closest(`[${EARLY_PRESS_ATTR}]`) : null;
    const key = element && element.getAttribute(EARLY_PRESS_ATTR);
    if (element && key && !state.live[key]) hold(event, element, key);
  };
  const onSubmit = (event: Event) => {
    const form = event.target as Element | null;
    const key = form && form.getAttribute ? form.getAttribute(EARLY_SUBMIT_ATTR) : null;
    if (form && key && !state.live[key]) hold(event, form, key);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  const removeFields = installEarlyFields(doc, state);
  // The page itself keeps the capture for its whole life; tests take it down.
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    removeFields();
    delete win.__earlyPresses;
  };
}
