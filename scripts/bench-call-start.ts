/**
 * `npm run bench:call-start`: how long a press of the voice button takes to reach the voice
 * service, in each mode, on two local builds served side by side and measured interleaved run by
 * run (so both meet the same machine), with the CPU slowed 4x as on a phone:
 * - public-key mode: press to the SDK's POST to Vapi's /call/web, and press to the SDK's first
 *   request to Daily (the join), /call/web answered by the local Vapi stand-in over HTTP;
 * - server mode: press to the join, after the bot check, the start-web-call function and the same
 *   Vapi stand-in.
 * Like for like: the press is the page's click event, timed by the browser; in both modes the
 * request that creates the call passes through the bench's route once (public key: fetched from
 * the stand-in with its private key, since the page's key is for Vapi itself; server: passed on
 * to the function unchanged), so the interception costs both the same, and the stand-in answers
 * both. The join is stopped there (no call is made). The microphone is allowed in advance (a
 * first-time prompt would add the visitor's own time to both).
 *
 * Each mode is pressed cold (the pointer lands and clicks at once) and after a lead of
 * BENCH_LEAD_MS (300) of intent (a pointer over the button first, as a mouse does; a finger's
 * touch-down gives about 100 ms), which is when the page loads the SDK, solves the bot check and,
 * in server mode, reserves the call (start-web-call with `intent: true`), so the press costs only
 * the claim and Vapi's POST. In server mode the lead also waits for the reservation's answer (it
 * is measured after intent with the reservation in place, whatever the machine's speed), and the
 * table says how long after the pointer landed it came: the intent a visitor needs for the press
 * to find it (with less, the press waits for it, or falls back to the one-request form).
 * BENCH_RUNS (6) sets the runs. Besides each mode's median, the table gives server / public key
 * run by run (the two presses of one run are measured back to back, so a slow minute of the
 * machine falls on both) and its median.
 *
 * BENCH_CORES: `split` (the default on two cores or more) gives the browser core 0 and everything
 * else the other cores (taskset), as a phone and its servers are different machines: the figure
 * the goal is read from (docs/performance.md). `shared` lets the browser, the local stacks and
 * the bench share every core, as they do in the tests; the servers' work (the gateway, Deno,
 * Postgres) then takes CPU from the "phone", which a hosted site's servers never do, and only
 * server mode has that work at the press.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { LOCAL_ANON_KEY_DEFAULT, localFunctionSecrets } from '../server/local-config';
import { CHROMIUM_PATH, launchChromium } from './lib/chromium';
import { measureInterleaved, median, tableHead } from './lib/interleave';
import { startOwnStack, type OwnStack } from './lib/own-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const CORES = process.env.BENCH_CORES ?? (availableParallelism() >= 2 ? 'split' : 'shared');
const LEAD_MS = Number(process.env.BENCH_LEAD_MS ?? 300);
const IDLE = 'Press here for AI Voice Agent';
const PUBLIC_KEY = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: 'bench-public-key',
  VITE_VAPI_ASSISTANT_ID: 'bench-assistant',
};
/** The key the local Vapi stand-in takes, as the functions' secrets give it. */
const VAPI_PRIVATE_KEY = localFunctionSecrets('http://localhost', undefined, {}).VAPI_PRIVATE_KEY!;
const isCallWeb = (url: URL) => url.hostname === 'api.vapi.ai' && url.pathname === '/call/web';
const isDaily = (url: URL) => url.hostname.endsWith('daily.co');
/** Each mode on its build: the public key's, or (`server`) the default profile's. */
const MODES = [
  { label: 'public key: press to /call/web', server: false, reached: isCallWeb, answerVapi: false },
  // The same, with Vapi's /call/web answered by the local stack's Vapi stand-in, as it answers the
  // function in server mode: press to the join, like for like.
  { label: 'public key: press to the join', server: false, reached: isDaily, answerVapi: true },
  { label: 'server: press to the join', server: true, reached: isDaily, answerVapi: false },
];
// The default profile: the server step starts every call (and reserves it on intent).
const SITES = [PUBLIC_KEY, {}];
/** One mode on its site, pressed after `leadMs` of intent. */
type Target = (typeof MODES)[number] & { origin: string; leadMs: number };

/**
 * One press on a fresh page: ms from the click to the first request `reached` matches, and (with
 * a lead, in server mode) ms from the pointer's landing to the reservation's answer.
 */
async function pressToRequest(
  browser: Browser,
  { origin, reached, leadMs, answerVapi, server }: Target,
): Promise<{ ms: number; reservedMs: number }> {
  const context = await browser.newContext({ permissions: ['microphone'] });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let at = 0;
    const startWebCall = `${origin}/functions/v1/start-web-call`;
    await page.route(
      (url) => url.origin !== origin || url.href === startWebCall,
      async (route) => {
        const url = new URL(route.request().url());
        if (url.href === startWebCall) {
          await route.continue();
          return;
        }
        if (!at && reached(url)) at = Date.now();
        if (answerVapi && isCallWeb(url)) {
          const response = await route.fetch({
            url: `${origin}${LOCAL_ROUTES.vapi}/call/web`,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${VAPI_PRIVATE_KEY}`,
            },
          });
          await route.fulfill({ response });
          return;
        }
        await route.abort('blockedbyclient');
      },
    );
    // The press as the page meets it: its click event, timed by the browser (Playwright's own
    // steps before it dispatches the click, a few round trips to a slowed page, are not the
    // visitor's).
    await page.addInitScript(() => {
      const marked = window as Window & { benchPressedAt?: number };
      addEventListener(
        'click',
        (event) => (marked.benchPressedAt ??= performance.timeOrigin + event.timeStamp),
        { capture: true },
      );
    });
    await page.goto(origin);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const button = page.getByRole('button', { name: IDLE });
    let reservedMs = Number.NaN;
    if (leadMs > 0) {
      const reservation = server
        ? page.waitForResponse(
            (response) =>
              response.url().endsWith('/functions/v1/start-web-call') &&
              (response.request().postDataJSON() as { intent?: unknown } | null)?.intent === true,
            { timeout: 30_000 },
          )
        : null;
      const landed = Date.now();
      await button.hover();
      await Promise.all([
        page.waitForTimeout(leadMs),
        reservation?.then(async (response) => {
          reservedMs = Date.now() - landed;
          const body = (await response.json()) as { reserved?: unknown };
          if (body.reserved !== true) throw new Error(`no reservation: ${JSON.stringify(body)}`);
        }),
      ]);
    }
    const deadline = Date.now() + 30_000;
    await button.click();
    while (!at && Date.now() < deadline) await page.waitForTimeout(20);
    if (!at) throw new Error(`no request reached the voice service from ${origin}`);
    const pressed = await page.evaluate(
      () => (window as Window & { benchPressedAt?: number }).benchPressedAt,
    );
    if (pressed === undefined) throw new Error('the press was not seen by the page');
    return { ms: Math.round(at - pressed), reservedMs };
  } finally {
    await context.close();
  }
}

/**
 * BENCH_CORES=split: this process (and so the stacks and Deno it starts) on every core but 0, and
 * the browser on core 0 (through a wrapper that starts it there). Answers the browser to launch.
 */
async function placeOnCores(dir: string): Promise<string> {
  if (CORES === 'shared') return CHROMIUM_PATH;
  if (CORES !== 'split') throw new Error(`BENCH_CORES is shared or split (got "${CORES}")`);
  const cores = availableParallelism();
  if (cores < 2) throw new Error('BENCH_CORES=split needs two cores or more');
  const pinned = spawnSync('taskset', ['-a', '-cp', `1-${cores - 1}`, String(process.pid)]);
  if (pinned.status !== 0) throw new Error(`taskset failed: ${String(pinned.stderr)}`);
  const wrapper = join(dir, 'chromium-on-core-0');
  await writeFile(wrapper, `#!/bin/sh\nexec taskset -c 0 '${CHROMIUM_PATH}' "$@"\n`, {
    mode: 0o755,
  });
  return wrapper;
}

async function main() {
  const stacks: OwnStack[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-call-start-'));
  try {
    const executablePath = await placeOnCores(dir);
    const origins: string[] = [];
    for (const [i, env] of SITES.entries()) {
      const port = 4480 + i;
      const origin = `http://localhost:${port}`;
      // Each stack in a process of its own, as a hosted site's servers are not the browser's
      // driver: the bench's own work (Playwright's routes) never waits on the stack's, nor the
      // stack's on it.
      stacks.push(
        await startOwnStack({
          name: `bench-call-start-${i}`,
          port,
          buildArgs: ['--mode', 'local'],
          env: {
            ...process.env,
            ...env,
            VITE_VAPI_ASSISTANT_ID: 'bench-assistant',
            // The runs are one visitor pressing again and again: no limit of the day in the way.
            WEB_CALL_PER_ADDRESS: '100',
            WEB_CALL_CONCURRENT: '100',
          },
        }),
      );
      // The first request waits for Deno to start the function: not in a measured press.
      await fetch(`${origin}/functions/v1/start-web-call`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY_DEFAULT,
          authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
          'content-type': 'application/json',
          origin,
        },
        body: '{}',
      });
      origins.push(origin);
    }
    const targets = MODES.flatMap((mode) =>
      [0, LEAD_MS].map((leadMs) => ({ ...mode, origin: origins[mode.server ? 1 : 0]!, leadMs })),
    );
    const browser = await launchChromium(executablePath, [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
    const runs = await measureInterleaved(targets, RUNS, (target, run) => {
      process.stdout.write(`${target.label}, lead ${target.leadMs} ms, run ${run + 1}/${RUNS}\n`);
      return pressToRequest(browser, target);
    }).finally(() => browser.close());
    console.log(
      `\n${tableHead(`| mode (CPU 4x, ${RUNS} interleaved runs, cores ${CORES}) | intent before the press | median | range | reserved after (median) |`)}`,
    );
    for (const target of targets) {
      const results = runs.get(target)!;
      const ms = results.map((result) => result.ms);
      const reserved = median(results.map((result) => result.reservedMs));
      console.log(
        `| ${target.label} | ${target.leadMs} ms | ${Math.round(median(ms))} ms | ${Math.min(...ms)} to ${Math.max(...ms)} ms | ${Number.isNaN(reserved) ? '' : `${Math.round(reserved)} ms`} |`,
      );
    }
    // Server / public key, press to the join: each run's two presses side by side.
    const joins = (label: string, leadMs: number) =>
      runs
        .get(targets.find((t) => t.label === label && t.leadMs === leadMs)!)!
        .map((result) => result.ms);
    console.log(
      `\n${tableHead('| server / public key, press to the join | run by run, median | range | of the medians |')}`,
    );
    for (const leadMs of [LEAD_MS, 0]) {
      const server = joins(MODES[2]!.label, leadMs);
      const publicKey = joins(MODES[1]!.label, leadMs);
      const ratios = server.map((ms, i) => ms / publicKey[i]!);
      console.log(
        `| ${leadMs ? `after ${leadMs} ms of intent` : 'cold'} | ${median(ratios).toFixed(2)} | ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)} | ${(median(server) / median(publicKey)).toFixed(2)} |`,
      );
    }
  } finally {
    for (const stack of stacks) await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
