import { useEffect, useRef } from 'react';

/**
 * Presses made before the app has taken over the prerendered page.
 *
 * The page paints long before its script runs. A tiny inline script in <head> (the same idea as
 * Angular's event replay and Qwik's loader, cut down to what this site needs) listens on the
 * document, before anything else can: a press of a control marked `data-early-press="key"`, or a
 * submit of a form marked `data-early-submit="key"`, is stopped (so nothing happens natively),
 * marked on the element (`data-early-pressed`, styled as "working") and remembered by key.
 * When the component that owns the key has taken over, `useEarlyPress` marks the key live (from
 * then on the capture lets its presses through to React) and replays a remembered press once.
 * Typing needs no capture: the fields keep what was typed, and the components adopt it.
 */

/** What the capture script keeps on `window`: remembered keys, and the keys that are live. */
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

/**
 * The capture. It runs as an inline script before the page's content is parsed, so it is
 * written to stand alone: no imports, no names from this module (its text is what ships).
 */
export function installEarlyCapture(win: Window): () => void {
  if (win.__earlyPresses) return function () {};
  const doc = win.document;
  const state: EarlyPresses = { queue: [], live: {} };
  win.__earlyPresses = state;
  function hold(event: Event, element: Element, key: string) {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (state.queue.indexOf(key) < 0) state.queue.push(key);
    element.setAttribute('data-early-pressed', '');
  }
  function onClick(event: Event) {
    const target = event.target as Element | null;
    const element = target && target.closest ? target.closest('[data-early-press]') : null;
    const key = element && element.getAttribute('data-early-press');
    if (element && key && !state.live[key]) hold(event, element, key);
  }
  function onSubmit(event: Event) {
    const form = event.target as Element | null;
    const key = form && form.getAttribute ? form.getAttribute('data-early-submit') : null;
    if (form && key && !state.live[key]) hold(event, form, key);
  }
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  // For tests: the page itself keeps the capture for its whole life.
  return function () {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    delete win.__earlyPresses;
  };
}

/** The inline script's text, placed first in every page's <head> (hashed into the CSP). */
export function earlyCaptureScript(): string {
  return `(${installEarlyCapture.toString()})(window)`;
}

/** The props of a form whose early submits are captured under `key`. */
export function earlySubmitProps(key: string) {
  return { [EARLY_SUBMIT_ATTR]: key, suppressHydrationWarning: true } as const;
}

/** Removes the "pressed" mark from every element of this key. */
function unmark(key: string): void {
  document.querySelectorAll(`[${EARLY_PRESSED_ATTR}]`).forEach((element) => {
    if (
      element.getAttribute(EARLY_PRESS_ATTR) === key ||
      element.getAttribute(EARLY_SUBMIT_ATTR) === key
    )
      element.removeAttribute(EARLY_PRESSED_ATTR);
  });
}

/**
 * The props of a control whose early presses are captured. The capture may have marked it
 * (`data-early-pressed`) before hydration: that attribute is expected, not a mismatch.
 */
export interface EarlyPressProps {
  [EARLY_PRESS_ATTR]: string;
  suppressHydrationWarning: true;
}

/**
 * Takes over the early presses of `key` once this component is on screen and can act: a press
 * remembered before is replayed once through `onPress`, and later presses go straight to React.
 * A control that renders differently until it can act (a submit button that must not submit
 * natively before) passes `ready`: the key goes live only with the render where it is true.
 * No re-render is caused here: a hydrated page is not rendered twice for this.
 */
export function useEarlyPress(
  key: string,
  onPress: () => void,
  { ready = true }: { ready?: boolean } = {},
): EarlyPressProps {
  const handler = useRef(onPress);
  useEffect(() => {
    handler.current = onPress;
  });
  useEffect(() => {
    if (!ready) return;
    const early = window.__earlyPresses;
    if (!early) return;
    // Only now, with a render that can act on screen, do presses of this key go to React.
    early.live[key] = true;
    const index = early.queue.indexOf(key);
    let replay: ReturnType<typeof setTimeout> | undefined;
    if (index >= 0) {
      early.queue.splice(index, 1);
      // After this commit's other effects (state adopted from the page's fields, and so on).
      replay = setTimeout(() => {
        replay = undefined;
        unmark(key);
        handler.current();
      }, 0);
    }
    return () => {
      early.live[key] = false;
      if (replay !== undefined) {
        // Unmounted before the replay ran: the press is kept for whoever owns the key next.
        clearTimeout(replay);
        early.queue.push(key);
      }
    };
  }, [key, ready]);
  return { [EARLY_PRESS_ATTR]: key, suppressHydrationWarning: true };
}
