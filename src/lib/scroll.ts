/**
 * Scrolls to the element with this id (smoothly unless reduced motion is asked for) and moves
 * keyboard focus there, so screen-reader and keyboard users land where sighted users look.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  const focusTarget = target.querySelector<HTMLElement>('[data-section-focus]') ?? target;
  focusTarget.focus({ preventScroll: true });
}

/**
 * True when the browser opened this page where an earlier visit of the same history entry left
 * it (a reload, Back or Forward) rather than at its top. A fresh load opens at the top (or at its
 * #fragment), so any offset it has when the app takes over is the visitor's own scrolling.
 */
export function openedAtRestoredPosition(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ??
    []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}
