import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * For a test file whose code logs failures on purpose: each test runs with console.error silenced
 * and recorded (the returned function gives the test's spy), and with real timers again after.
 */
export function quietConsoleError(): () => MockInstance<typeof console.error> {
  let spy: MockInstance<typeof console.error>;
  beforeEach(() => {
    spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    spy.mockRestore();
    vi.useRealTimers();
  });
  return () => spy;
}
