/** Moves keyboard focus too, so screen-reader and keyboard users land where sighted users look. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  const focusTarget = target.querySelector<HTMLElement>('[data-section-focus]') ?? target;
  focusTarget.focus({ preventScroll: true });
}

/** A reload or Back/Forward restores the offset; a fresh load opens at the top, so any offset then is the visitor's own. */
export function openedAtRestoredPosition(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ??
    []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}
