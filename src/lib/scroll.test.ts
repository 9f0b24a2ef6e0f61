import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedAtRestoredPosition } from './scroll';

function navigatedBy(type: string | undefined) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind) =>
    kind === 'navigation' && type ? [{ type } as unknown as PerformanceEntry] : [],
  );
}

describe('openedAtRestoredPosition', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is true after a reload or Back/Forward, where the browser restores the old position', () => {
    navigatedBy('reload');
    expect(openedAtRestoredPosition()).toBe(true);
    navigatedBy('back_forward');
    expect(openedAtRestoredPosition()).toBe(true);
  });

  it('is false for a fresh load (opened at the top) and without navigation timing', () => {
    navigatedBy('navigate');
    expect(openedAtRestoredPosition()).toBe(false);
    navigatedBy('prerender');
    expect(openedAtRestoredPosition()).toBe(false);
    navigatedBy(undefined);
    expect(openedAtRestoredPosition()).toBe(false);
  });
});
