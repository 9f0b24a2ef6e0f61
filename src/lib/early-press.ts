import { useEffect, useEffectEvent } from 'react';
import { EARLY_PRESS_ATTR, EARLY_PRESSED_ATTR, EARLY_SUBMIT_ATTR } from '@/inline/early-capture';

/**
 * The page paints long before its script runs: an inline script (src/inline/early-capture.ts)
 * holds presses of marked controls by key until the owning component takes over, then
 * `useEarlyPress` lets them through to React and replays a held press once.
 */

export function earlySubmitProps(key: string) {
  return { [EARLY_SUBMIT_ATTR]: key, suppressHydrationWarning: true } as const;
}

function unmark(key: string): void {
  document.querySelectorAll(`[${EARLY_PRESSED_ATTR}]`).forEach((element) => {
    if ([EARLY_PRESS_ATTR, EARLY_SUBMIT_ATTR].some((name) => element.getAttribute(name) === key))
      element.removeAttribute(EARLY_PRESSED_ATTR);
  });
}

/**
 * `ready`: a control that renders differently until it can act (a submit button that must not
 * submit natively) goes live only with the render where it is true. Causes no re-render.
 */
export function useEarlyPress(
  key: string,
  onPress: () => void,
  { ready = true }: { ready?: boolean } = {},
) {
  const replayPress = useEffectEvent(onPress);
  useEffect(() => {
    if (!ready) return;
    const early = window.__earlyPresses;
    if (!early) return;
    early.live[key] = true;
    const index = early.queue.indexOf(key);
    let replay: ReturnType<typeof setTimeout> | undefined;
    if (index >= 0) {
      early.queue.splice(index, 1);
      // After this commit's other effects (state adopted from the page's fields).
      replay = setTimeout(() => {
        replay = undefined;
        unmark(key);
        replayPress();
      }, 0);
    }
    return () => {
      early.live[key] = false;
      if (replay !== undefined) {
        // Unmounted before the replay: the press is kept for the key's next owner.
        clearTimeout(replay);
        early.queue.push(key);
      }
    };
  }, [key, ready]);
  // The capture may mark the control before hydration: that attribute is not a mismatch.
  return { [EARLY_PRESS_ATTR]: key, suppressHydrationWarning: true } as const;
}
