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
  // Every host but loopback (which Chromium never proxies) goes through a proxy that is not
  // there: no test reaches the internet (e2e/fixtures.ts lists what was tried).
  '--proxy-server=127.0.0.1:9',
];

/** The assistant the local stack's functions start calls with (server/local-config.ts). */
export const E2E_ASSISTANT_ID = 'e2e-assistant-id';
/**
 * The spec's browser paths (the page starts calls with Vapi's public key and stores and posts
 * each lead itself), which e2e/browser-profile.spec.ts builds a site of its own with. The main
 * suite's build is the default profile an owner ships: the server step starts every call and
 * chat and stores and posts every lead.
 */
export const E2E_BROWSER_PROFILE = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: 'e2e-public-key',
  VITE_VAPI_ASSISTANT_ID: E2E_ASSISTANT_ID,
  VITE_LEADS: 'browser',
};
/**
 * The booking page Book a time opens: the local stack's stand-in for Cal.com's
 * (server/booking/), at another loopback name than the site's, so its frame is another origin
 * as Cal.com's is (a local build takes the stand-in for Cal: src/lib/booking.ts).
 */
export const E2E_BOOKING_URL = `http://127.0.0.1:${E2E_PORT}/local/booking/owner/intro`;

/**
 * The functions' limits a browser test would otherwise meet by accident: every test is a visitor
 * of its own, but a stood-in call sends no report and so stays in progress, and the suite starts
 * more calls in a day than a site allows. The limits themselves are tested where they answer:
 * the functions' tests and the pages' answers to them.
 */
const E2E_FUNCTION_LIMITS = {
  LOCAL_FUNCTION_WEB_CALL_PER_ADDRESS: '100',
  LOCAL_FUNCTION_WEB_CALL_CONCURRENT: '100',
  LOCAL_FUNCTION_WEB_CALL_DAILY_MINUTES: '100000',
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'browser', testIgnore: /performance\.spec\.ts/ },
    // Lighthouse measures time: it runs after the other tests, with the machine to itself.
    { name: 'performance', testMatch: /performance\.spec\.ts/, dependencies: ['browser'] },
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
      VITE_VAPI_ASSISTANT_ID: E2E_ASSISTANT_ID,
      VITE_BOOKING_URL: E2E_BOOKING_URL,
      ...E2E_FUNCTION_LIMITS,
    },
  },
});
