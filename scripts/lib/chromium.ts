import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
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

/**
 * The outside harness's flags for Lighthouse's Chromium (issue 47): headless, no sandbox, no
 * GPU, and nothing else; the background connections stay on (refused here, off the page's
 * timeline).
 */
export const OUTSIDE_CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/** Launches the Chromium the project uses (Debian's), headless, with any further flags. */
export function launchChromium(executablePath = CHROMIUM_PATH, args: string[] = []) {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...args] });
}

/**
 * "Chromium 156.0.8078.108" from what `chromium --version` prints (Debian's wrapper may print
 * shell noise before it); the whole first line when there is no version in it.
 */
export function chromiumVersionOf(output: string): string {
  return (
    /\b(?:Chromium|Google Chrome|Chrome) [\d.]+/.exec(output)?.[0] ?? output.trim().split('\n')[0]!
  );
}

/**
 * The browser's version, for the bench's "measured on" line: Lighthouse's figures move with the
 * browser as much as with the machine, so each table says which one measured it.
 */
export function chromiumVersion(executablePath = CHROMIUM_PATH): string {
  const output = execFileSync(executablePath, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return chromiumVersionOf(output);
}

/** The bench's "measured on" line: the machine's cores, memory, Node and Chromium. */
export function benchMachine(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromiumVersion()}`;
}
