import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetServedIslands } from '@/components/served-html';
import { resetVisit } from '@/lib/visit';

afterEach(() => {
  cleanup();
  // What one test keeps in storage (a visit's numbers, the voice demo's pause) is not the next's.
  localStorage.clear();
  sessionStorage.clear();
  // The page-lifetime state of the modules that own some (documented there).
  resetVisit();
  forgetServedIslands();
});
