import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetServedIslands } from '@/components/served-html';
import { config } from '@/lib/config';
import { resetFunnel } from '@/lib/funnel';
import { resetPendingReport } from '@/lib/pending-report';
import { resetOwnBusiness } from '@/lib/own-business';
import { resetVisit } from '@/lib/visit';

// No funnel in the unit tests (it would load Plausible's library into jsdom): funnel.test.ts
// turns it on for itself.
config.analytics = null;

afterEach(() => {
  cleanup();
  // What one test keeps in storage (a visit's numbers, the voice demo's pause) is not the next's.
  localStorage.clear();
  sessionStorage.clear();
  resetVisit();
  resetOwnBusiness();
  forgetServedIslands();
  resetFunnel();
  resetPendingReport();
});
