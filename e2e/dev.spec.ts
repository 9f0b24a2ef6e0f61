import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { expect, test } from './fixtures';
import { ownPort } from './own-stack';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

/** `npm run dev`: Vite's dev server with hot reload, and the local stack on the same port. */
const PORT = ownPort('dev');
const ORIGIN = `http://localhost:${PORT}`;
const HERO = 'src/content/hero.ts';

let dev: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'site-dev-'));
  dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`dev server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leads inbox:')) {
        clearTimeout(timer);
        ready();
      }
    };
    dev?.stdout?.on('data', onData);
    dev?.stderr?.on('data', onData);
    // A server that dies says so at once, with what it printed, rather than at the deadline.
    dev?.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`dev server exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((done) => dev?.once('exit', done));
    dev.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

test('npm run dev serves the pages with hot reload, no hydration warning, and the local stack', async ({
  browser,
}) => {
  // A context of its own: the watched pages of the other tests refuse every origin but theirs.
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const logs: string[] = [];
  page.on('console', (message) => {
    logs.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const original = await readFile(HERO, 'utf8');
  try {
    await page.goto(ORIGIN, { waitUntil: 'networkidle' });
    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline).toHaveText(
      'Every call answered. Every lead followed up. Automatically.',
    );
    await expect.poll(() => logs.some((line) => line.includes('[vite] connected'))).toBe(true);
    expect(errors.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);

    // An edit shows without a reload: the page keeps its state (the marker) and its new words.
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 42));
    await writeFile(
      HERO,
      original.replace(
        "headline: 'Every call answered. Every lead followed up. Automatically.'",
        "headline: 'Every call answered, hot.'",
      ),
    );
    await expect(headline).toHaveText('Every call answered, hot.', { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(
      42,
    );

    // The local stack answers on the same port.
    const stored = await page.request.post(`${ORIGIN}/rest/v1/contact_submissions`, {
      headers: { apikey: LOCAL_ANON_KEY_DEFAULT, 'content-type': 'application/json' },
      data: {
        id: crypto.randomUUID(),
        name: 'Dev Loop',
        email: 'dev@example.com',
        phone: '555 010 2030',
        message: 'From npm run dev',
        created_at: new Date().toISOString(),
      },
    });
    expect(stored.status()).toBe(201);
    const leads = (await (await page.request.get(`${ORIGIN}${LOCAL_ROUTES.leadsJson}`)).json()) as {
      email: string;
    }[];
    expect(leads.map((lead) => lead.email)).toContain('dev@example.com');

    // The same site at the other loopback names.
    for (const host of ['127.0.0.1', '[::1]']) {
      const other = await page.request.get(`http://${host}:${PORT}${LOCAL_ROUTES.leadsJson}`);
      expect(other.status(), host).toBe(200);
    }
  } finally {
    await writeFile(HERO, original);
    await context.close();
  }
});
