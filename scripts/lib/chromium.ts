import { chromium } from '@playwright/test';

/** Debian's Chromium (installed by scripts/ensure-chromium.ts), or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags for headless Chromium on these machines: no sandbox (root), no GPU, and none of the
 * background connections to Google's services, which this network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Launches the Chromium the project uses (Debian's), headless, with any further flags. */
export function launchChromium(executablePath = CHROMIUM_PATH, args: string[] = []) {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...args] });
}
