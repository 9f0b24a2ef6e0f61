/**
 * The first script of every page, inlined in <head> so it listens before any control is on
 * screen. A press of a `data-early-press` control or a submit of a `data-early-submit` form is
 * stopped, marked `data-early-pressed` and remembered by key until its owner goes live
 * (src/lib/early-press.ts).
 */
import { installEarlyFields } from './early-fields';

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

/** Returns what removes it, for tests. */
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
    // `closest` is missing on text nodes and in very old engines.
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
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    removeFields();
    delete win.__earlyPresses;
  };
}
