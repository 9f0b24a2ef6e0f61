import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFunctionsHost,
  functionsWithoutKeyCheck,
  MAX_BODY_BYTES,
  type FunctionsHost,
} from './functions-host';

const KEY = 'test-anon-key';
let dir: string;
let host: FunctionsHost;
let app: Hono;
const logged: string[] = [];

/** Functions of every kind of misbehaviour, in Supabase's layout. */
const FUNCTIONS: Record<string, string> = {
  echo: `Deno.serve(async (req) => Response.json({ method: req.method, path: new URL(req.url).pathname, body: req.method === 'POST' ? await req.json() : null, xff: req.headers.get('x-forwarded-for'), cf: req.headers.get('cf-connecting-ip'), secret: Deno.env.get('SOME_SECRET') }));`,
  hang: `Deno.serve(() => new Promise(() => {}));`,
  boot: `const secret = Deno.env.get('MISSING_SECRET'); if (!secret) throw new Error('Set MISSING_SECRET'); Deno.serve(() => new Response('never'));`,
  exits: `Deno.serve(() => { Deno.exit(3); });`,
  open: `Deno.serve(() => new Response('no key needed'));`,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'functions-'));
  const functionsDir = join(dir, 'functions');
  for (const [name, code] of Object.entries(FUNCTIONS)) {
    await mkdir(join(functionsDir, name), { recursive: true });
    await writeFile(join(functionsDir, name, 'index.ts'), code);
  }
  await mkdir(join(functionsDir, '_shared'));
  await writeFile(join(functionsDir, '_shared', 'index.ts'), 'export {};');
  // TOML as the Supabase CLI reads it: quoted keys, comments, other sections and settings.
  await writeFile(
    join(dir, 'config.toml'),
    [
      'project_id = "local"',
      '[functions."open"] # Vapi-style caller',
      'verify_jwt = false',
      '[functions.echo]',
      'verify_jwt = true',
      '[db]',
      'verify_jwt = false',
    ].join('\n'),
  );
  host = createFunctionsHost({
    dir: functionsDir,
    env: { SOME_SECRET: 'shh' },
    anonKey: KEY,
    timeoutMs: 1_500,
    log: (line) => logged.push(line),
  });
  app = new Hono();
  app.route('/functions/v1', host.app);
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (name: string, init: RequestInit = {}, key: string | null = KEY) =>
  app.request(`/functions/v1/${name}`, {
    ...init,
    headers: {
      ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

describe('Edge Functions on the local stack (Deno from the deno npm package)', () => {
  it('runs a function file and hands it the request, its secrets and the client address', async () => {
    const response = await call('echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' },
      body: JSON.stringify({ hello: 'deno' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      path: '/echo',
      body: { hello: 'deno' },
      xff: '203.0.113.5',
      cf: null,
      secret: 'shh',
    });
  });

  it('checks the key as hosted functions do, except where config.toml says verify_jwt = false', async () => {
    // In the gateway's words, which check:live tells from a function's own refusal.
    const missing = await call('echo', {}, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const wrong = await call('echo', {}, 'wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect((await call('open', {}, null)).status).toBe(200);
    expect((await call('nothing-here')).status).toBe(404);
    expect((await call('_shared')).status).toBe(404);
    expect(functionsWithoutKeyCheck(join(dir, 'config.toml'))).toEqual(new Set(['open']));
  });

  it("drops a cf-connecting-ip another machine sends, as the data API does, and keeps a local proxy's", async () => {
    const from = (remoteAddress: string) =>
      app.request(
        '/functions/v1/echo',
        {
          method: 'POST',
          headers: {
            apikey: KEY,
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            'cf-connecting-ip': '198.51.100.66',
          },
          body: '{}',
        },
        { incoming: { socket: { remoteAddress } } },
      );
    const stranger = (await (await from('203.0.113.9')).json()) as {
      cf: string | null;
      xff: string;
    };
    expect(stranger.cf).toBeNull();
    expect(stranger.xff).toBe('203.0.113.9');
    const proxy = (await (await from('127.0.0.1')).json()) as { cf: string | null };
    expect(proxy.cf).toBe('198.51.100.66');
  });

  it('answers a body over its limit with 413, read no further, even without a length', async () => {
    const big = new Uint8Array(MAX_BODY_BYTES + 1);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < big.length; sent += 65_536)
          controller.enqueue(big.slice(sent, sent + 65_536));
        controller.close();
      },
    });
    for (const body of [big, chunked]) {
      const response = await call('echo', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        // A stream needs half duplex (fetch's rule for a streamed request body).
        ...({ duplex: 'half' } as object),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
    }
  });

  it('answers 504 for a function that hangs, and the others keep answering', async () => {
    const [hung, other] = await Promise.all([call('hang'), call('echo')]);
    expect(hung.status).toBe(504);
    expect(await hung.json()).toMatchObject({ code: 'function_timeout' });
    expect(other.status).toBe(200);
  });

  it('answers 503 with the reason for a function that cannot start', async () => {
    const response = await call('boot');
    expect(response.status).toBe(503);
    expect((await response.json()) as { message: string }).toMatchObject({
      code: 'function_unavailable',
      message: expect.stringContaining('Set MISSING_SECRET'),
    });
  });

  it('answers 502 when a function dies mid-request, and starts it again for the next one', async () => {
    const died = await call('exits');
    expect(died.status).toBe(502);
    expect(await died.json()).toMatchObject({ code: 'function_crashed' });
    await host.kill('echo');
    const again = await call('echo');
    expect(again.status, await again.clone().text()).toBe(200);
  });
});

describe('a function never outlives the stack that started it', () => {
  it('exits when the stack process is killed outright (kill -9)', async () => {
    // (.mts: an ES module wherever the temporary folder is.)
    const script = join(dir, 'host.mts');
    await writeFile(
      script,
      `import { createFunctionsHost } from ${JSON.stringify(join(import.meta.dirname, 'functions-host.ts'))};
const host = createFunctionsHost({ dir: ${JSON.stringify(join(dir, 'functions'))}, env: {}, anonKey: 'k', log: () => {} });
await host.warm();
console.log('pids ' + host.pids().join(','));
setInterval(() => {}, 1000);`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pids = await new Promise<number[]>((resolvePids, reject) => {
      child.once('exit', (code) => reject(new Error(`the host exited (${code})`)));
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = /pids ([\d,]+)/.exec(output);
        if (line) resolvePids(line[1]!.split(',').map(Number));
      });
    });
    expect(pids.length).toBeGreaterThan(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids.every(alive)).toBe(true);
    child.kill('SIGKILL');
    await expect.poll(() => pids.filter(alive), { timeout: 5_000 }).toEqual([]);
  });
});
