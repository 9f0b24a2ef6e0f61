import { useEffect, useEffectEvent } from 'react';
import { EARLY_PRESS_ATTR, EARLY_PRESSED_ATTR, EARLY_SUBMIT_ATTR } from '@/inline/early-capture';

/**
 * Presses made before the app has taken over the prerendered page.
 *
 * The page paints long before its script runs. A tiny inline script in <head>
 * (src/inline/early-capture.ts) listens on the document before anything else can, and holds
 * presses of marked controls by key. When the component that owns the key has taken over,
 * `useEarlyPress` marks the key live (from then on the capture lets its presses through to
 * React) and replays a remembered press once. Typing is kept by the fields themselves: the
 * contact form's are uncontrolled; the calculator's are held to their rule by the capture
 * (src/inline/early-fields.ts) and read at take-over.
 */

/** The props of a form whose early submits are captured under `key`. */
export function earlySubmitProps(key: string) {
  return { [EARLY_SUBMIT_ATTR]: key, suppressHydrationWarning: true } as const;
}

/** Removes the "pressed" mark from every element of this key. */
function unmark(key: string): void {
  document.querySelectorAll(`[${EARLY_PRESSED_ATTR}]`).forEach((element) => {
    if ([EARLY_PRESS_ATTR, EARLY_SUBMIT_ATTR].some((name) => element.getAttribute(name) === key))
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
  // The latest handler, called from the replay without making it a dependency of the effect.
  const replayPress = useEffectEvent(onPress);
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
        replayPress();
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
