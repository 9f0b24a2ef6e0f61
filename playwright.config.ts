import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';

/** The port the browser tests' build and local stack use (kept apart from npm start's 4173). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'site-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const BROWSER_ARGS = [
  ...CHROMIUM_ARGS,
  // A fake microphone, so the voice demo can be tested on machines without one.
  '--use-fake-device-for-media-stream',
];

/** The voice demo is configured in the test build; its service is answered at the network boundary. */
export const E2E_VAPI = { publicKey: 'e2e-public-key', assistantId: 'e2e-assistant-id' };
/**
 * The main browser suite's build names the spec's browser paths (the public key starts calls,
 * the page stores and posts each lead), which its tests meet at the network boundary; the
 * default profile (the server step for both) is tested on builds of its own
 * (server-mode.spec.ts, default-profile.spec.ts).
 */
export const E2E_PROFILE = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: E2E_VAPI.publicKey,
  VITE_VAPI_ASSISTANT_ID: E2E_VAPI.assistantId,
  VITE_LEADS: 'browser',
};
/**
 * The booking page Book a time opens: the local stack's stand-in for Cal.com's
 * (server/booking/), at another loopback name than the site's, so its frame is another origin
 * as Cal.com's is (a local build takes the stand-in for Cal: src/lib/booking.ts).
 */
export const E2E_BOOKING_URL = `http://127.0.0.1:${E2E_PORT}/local/booking/jordan/intro`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'browser', testIgnore: /(performance|flood)\.spec\.ts/ },
    // The flood reaches the whole local stack's ceiling for an hour: after the other tests.
    { name: 'flood', testMatch: /flood\.spec\.ts/, dependencies: ['browser'] },
    // Lighthouse measures time: it runs after the other tests, with the machine to itself.
    { name: 'performance', testMatch: /performance\.spec\.ts/, dependencies: ['flood'] },
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: BROWSER_ARGS,
    },
  },
  webServer: {
    command: `tsx scripts/build.ts --mode local --out .test-data/site && tsx server/main.ts`,
    url: `http://localhost:${E2E_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DIST_DIR: '.test-data/site',
      DATA_DIR: dataDir,
      ...E2E_PROFILE,
      VITE_BOOKING_URL: E2E_BOOKING_URL,
    },
  },
});
