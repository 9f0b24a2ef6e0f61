import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/**
 * Token mode (VITE_VAPI_AUTH=token) on its own built site and local stack: the voice button gets
 * a short-lived token from the voice-token function (behind the local Turnstile stand-in) and
 * starts the call with it; no public key is built into the page. Vapi is answered at the network
 * boundary, as in voice.spec.ts.
 */

const PORT = 4500 + Math.floor(Math.random() * 150);
const ORIGIN = `http://localhost:${PORT}`;
const CALL_WEB = 'https://api.vapi.ai/call/web';
const TOKEN = '**/functions/v1/voice-token';
const IDLE = 'Press here for AI Voice Agent';
const ASSISTANT = 'token-mode-assistant';
const UNUSED_PUBLIC_KEY = 'token-mode-unused-public-key';

let root = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

// eslint-disable-next-line no-empty-pattern -- Playwright reads the hook's parameters.
test.beforeAll(async ({}, info) => {
  // A build and a stack of its own: longer than one test's budget, and said so here.
  info.setTimeout(180_000);
  root = await mkdtemp(join(tmpdir(), 'token-mode-'));
  const env = {
    ...process.env,
    PORT: String(PORT),
    VITE_VAPI_AUTH: 'token',
    VITE_VAPI_ASSISTANT_ID: ASSISTANT,
    // Set, but token mode must not ship it.
    VITE_VAPI_PUBLIC_KEY: UNUSED_PUBLIC_KEY,
  };
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--mode', 'local', '--out', join(root, 'site')],
    { env, encoding: 'utf8' },
  );
  if (build.status !== 0)
    throw new Error(`token-mode build failed:\n${build.stdout}${build.stderr}`);
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, DIST_DIR: join(root, 'site'), DATA_DIR: join(root, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leads inbox:')) ready();
    };
    server?.stdout?.on('data', onData);
    server?.stderr?.on('data', onData);
    server?.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(root, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['microphone']);
});

test('ships no public key, fetches a token at the press and starts the call with it', async ({
  page,
}) => {
  for (const file of await readdir(join(root, 'site', 'assets'))) {
    const code = await readFile(join(root, 'site', 'assets', file), 'utf8');
    expect(code, file).not.toContain(UNUSED_PUBLIC_KEY);
  }
  expect(await readFile(join(root, 'site', 'index.html'), 'utf8')).not.toContain(UNUSED_PUBLIC_KEY);
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/voice-token') && request.method() === 'POST') {
      tokenRequests.push(request.postData() ?? '');
    }
  });
  let authorization = '';
  let startBody: { assistantId?: string } = {};
  await page.route(CALL_WEB, async (route) => {
    authorization = route.request().headers()['authorization'] ?? '';
    startBody = route.request().postDataJSON() as typeof startBody;
    await route.fulfill({ status: 500, json: { message: 'stopped here by the test' } });
  });
  await page.goto('/');
  await page.getByRole('button', { name: IDLE }).click();
  await expect.poll(() => authorization).toMatch(/^Bearer /);
  expect(tokenRequests).toHaveLength(1);
  expect(JSON.parse(tokenRequests[0]!)).toEqual({ captcha: 'XXXX.DUMMY.TOKEN.XXXX' });
  expect(startBody.assistantId).toBe(ASSISTANT);
  // The bearer is the function's JWT: signed with the (local) private key, for this site only.
  const [head, payload, signature] = authorization.slice('Bearer '.length).split('.');
  expect(signature).toBe(
    createHmac('sha256', 'local-vapi-private-key').update(`${head}.${payload}`).digest('base64url'),
  );
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
    token: { restrictions: { allowedOrigins: string[]; allowedAssistantIds: string[] } };
    exp: number;
    iat: number;
  };
  // The site, and (the stack being local) its other loopback spellings only.
  const port = new URL(ORIGIN).port;
  expect(claims.token.restrictions.allowedOrigins).toEqual(
    ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`),
  );
  expect(claims.token.restrictions.allowedAssistantIds).toEqual([ASSISTANT]);
  expect(claims.exp - claims.iat).toBeLessThanOrEqual(600);
  // Vapi refused (this test's answer): back to idle, as in public-key mode.
  await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
});

for (const [status, code, line] of [
  [429, 'limited', 'Too many demo calls right now.'],
  [502, 'unavailable', "Couldn't connect to the agent. Please try again."],
] as const) {
  test(`a token refused with ${status} returns the button to idle with a clear line`, async ({
    page,
    watch,
  }) => {
    let calls = 0;
    await page.route(CALL_WEB, async (route) => {
      calls += 1;
      await route.abort();
    });
    await page.route(TOKEN, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({ status, json: { code } }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.locator('#voice-demo-message')).toContainText(line);
    await expect(page.getByRole('button', { name: IDLE })).not.toHaveAttribute('aria-disabled');
    expect(calls).toBe(0);
    expect(watch.errors.some((error) => error.startsWith('Voice demo: no voice token:'))).toBe(
      true,
    );
    watch.errors.length = 0;
  });
}
