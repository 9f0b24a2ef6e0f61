/**
 * `npm run bench:call-start`: how long a press of the voice button takes to reach the voice
 * service, in each mode, on two local builds served side by side and measured interleaved run by
 * run (so both meet the same machine), with the CPU slowed 4x as on a phone:
 * - public-key mode: press to the SDK's POST to Vapi's /call/web;
 * - server mode: press to the SDK's first request to Daily (the join), after the bot check, the
 *   start-web-call function and the Vapi stand-in.
 * Both requests are stopped there (no call is made). The microphone is allowed in advance (a
 * first-time prompt would add the visitor's own time to both). Each mode is pressed cold (the
 * pointer lands and clicks at once) and after a lead of BENCH_LEAD_MS (300) of intent (a pointer
 * over the button first, as a mouse does; a finger's touch-down gives about 100 ms), which is
 * when the page loads the SDK, solves the bot check and, in server mode, reserves the call
 * (start-web-call with `intent: true`), so the press costs only the claim and Vapi's POST. In
 * server mode the lead also waits for the reservation's answer (it is measured after intent with
 * the reservation in place, whatever the machine's speed), and the table says how long after the
 * pointer landed it came: the intent a visitor needs for the press to find it (with less, the press
 * waits for it, or falls back to the one-request form). BENCH_RUNS (6) sets the runs.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Browser } from '@playwright/test';
import { queuedWebCall } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { createLocalStack } from '../server/app';
import {
  LOCAL_ANON_KEY_DEFAULT,
  LOCAL_SERVICE_ROLE_KEY,
  localFunctionSecrets,
} from '../server/local-config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { measureInterleaved, median } from './lib/interleave';
import { chromium } from '@playwright/test';

const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const LEAD_MS = Number(process.env.BENCH_LEAD_MS ?? 300);
const IDLE = 'Press here for AI Voice Agent';
const PUBLIC_KEY = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: 'bench-public-key',
  VITE_VAPI_ASSISTANT_ID: 'bench-assistant',
};
const isCallWeb = (url: URL) => url.hostname === 'api.vapi.ai' && url.pathname === '/call/web';
const isDaily = (url: URL) => url.hostname.endsWith('daily.co');
const MODES = [
  {
    label: 'public key: press to /call/web',
    site: 0,
    reached: isCallWeb,
    answerVapi: false,
    reserves: false,
  },
  // The same, with Vapi's /call/web answered at once by its documented answer, as the local
  // stack's stand-in answers the function: press to the join, like for like.
  {
    label: 'public key: press to the join',
    site: 0,
    reached: isDaily,
    answerVapi: true,
    reserves: false,
  },
  {
    label: 'server: press to the join',
    site: 1,
    reached: isDaily,
    answerVapi: false,
    reserves: true,
  },
];
// The default profile: the server step starts every call.
const SITES = [PUBLIC_KEY, {}];

/**
 * One press on a fresh page: ms from the click to the first request `reached` matches, and (with
 * a lead, in server mode) ms from the pointer's landing to the reservation's answer.
 */
async function pressToRequest(
  browser: Browser,
  origin: string,
  reached: (url: URL) => boolean,
  leadMs: number,
  answerVapi: boolean,
  reserves: boolean,
): Promise<{ ms: number; reservedMs: number }> {
  const context = await browser.newContext({ permissions: ['microphone'] });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let at = 0;
    await page.route(
      (url) => url.origin !== origin,
      async (route) => {
        const url = new URL(route.request().url());
        if (!at && reached(url)) at = Date.now();
        if (answerVapi && isCallWeb(url)) {
          const body = route.request().postDataJSON() as CreateWebCallBody;
          const call = queuedWebCall(body, { id: randomUUID(), orgId: 'bench-org' });
          await route.fulfill({ status: 201, json: call });
          return;
        }
        await route.abort('blockedbyclient');
      },
    );
    await page.goto(origin);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const button = page.getByRole('button', { name: IDLE });
    let reservedMs = Number.NaN;
    if (leadMs > 0) {
      const reservation = reserves
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
    const pressed = Date.now();
    await button.click();
    const deadline = pressed + 30_000;
    while (!at && Date.now() < deadline) await page.waitForTimeout(20);
    if (!at) throw new Error(`no request reached the voice service from ${origin}`);
    return { ms: at - pressed, reservedMs };
  } finally {
    await context.close();
  }
}

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'bench-call-start-'));
  const closers: (() => Promise<void>)[] = [];
  try {
    const origins: string[] = [];
    for (const [i, env] of SITES.entries()) {
      const port = 4480 + i;
      const origin = `http://localhost:${port}`;
      const site = join(root, `site-${i}`);
      const build = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build.ts', '--mode', 'local', '--out', site],
        { env: { ...process.env, PORT: String(port), ...env }, encoding: 'utf8' },
      );
      if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
      const stack = await createLocalStack({
        distDir: site,
        dataDir: join(root, `data-${i}`),
        anonKey: LOCAL_ANON_KEY_DEFAULT,
        serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
        log: () => undefined,
        functions: {
          origin,
          // The runs are one visitor pressing again and again: no limit of the day in the way.
          secrets: {
            ...localFunctionSecrets(origin, 'bench-assistant', {}),
            WEB_CALL_PER_ADDRESS: '100',
            WEB_CALL_CONCURRENT: '100',
          },
        },
      });
      await stack.functions?.warm();
      const server = serve({ fetch: stack.app.fetch, port, hostname: 'localhost' });
      closers.push(async () => {
        server.close();
        await stack.close();
      });
      origins.push(origin);
    }
    const targets = MODES.flatMap((mode) =>
      [0, LEAD_MS].map((leadMs) => ({ ...mode, origin: origins[mode.site]!, leadMs })),
    );
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
    const runs = await measureInterleaved(targets, RUNS, (target, run) => {
      process.stdout.write(`${target.label}, lead ${target.leadMs} ms, run ${run + 1}/${RUNS}\n`);
      return pressToRequest(
        browser,
        target.origin,
        target.reached,
        target.leadMs,
        target.answerVapi,
        target.reserves,
      );
    }).finally(() => browser.close());
    console.log(
      `\n| mode (CPU 4x, ${RUNS} interleaved runs) | intent before the press | median | range | reserved after (median) |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const target of targets) {
      const results = runs.get(target)!;
      const ms = results.map((result) => result.ms);
      const reserved = median(results.map((result) => result.reservedMs));
      console.log(
        `| ${target.label} | ${target.leadMs} ms | ${Math.round(median(ms))} ms | ${Math.min(...ms)} to ${Math.max(...ms)} ms | ${Number.isNaN(reserved) ? '' : `${Math.round(reserved)} ms`} |`,
      );
    }
  } finally {
    for (const close of closers) await close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
