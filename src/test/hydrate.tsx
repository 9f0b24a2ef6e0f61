import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** Lets `beforeHydrate` act on the served HTML as a visitor would before the app's script runs, then hydrates it. */
export async function serveAndHydrate(ui: ReactNode, beforeHydrate?: () => void): Promise<Root> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  beforeHydrate?.();
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  return root;
}

/** Lets timers of zero delay (a replayed press) and what they start run. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Sets a field's value the way typing does in a page React does not run yet. */
export function typeInto(element: Element | null, value: string): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    throw new Error('Not a text field.');
  element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Types `keys` one at a time at the caret, as keystrokes land in a page React does not run yet. */
export function pressKeys(element: Element | null, keys: string): void {
  if (!(element instanceof HTMLInputElement)) throw new Error('Not an input.');
  for (const key of keys) {
    const caret = element.selectionStart ?? element.value.length;
    element.value = element.value.slice(0, caret) + key + element.value.slice(caret);
    element.setSelectionRange(caret + 1, caret + 1);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
