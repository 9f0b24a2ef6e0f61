import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Hono, type Context } from 'hono';
import { parse as parseToml } from 'smol-toml';
import { readBodyWithin } from '../../supabase/functions/_shared/http';
import { GATEWAY_KEY_MESSAGES } from './gateway-refusal';
import { proxiedHeaders, sentKey } from '../client-address';

/**
 * Supabase Edge Functions under Deno, one process per function as hosted Supabase runs one
 * worker per function, at /functions/v1/<name> with the hosted key check. A function that fails
 * to start, crashes or hangs answers a JSON error and takes nothing else down; a crashed one
 * starts again on the next request.
 */

const root = resolve(import.meta.dirname, '..', '..');
const FUNCTIONS_DIR = join(root, 'supabase', 'functions');
const LAUNCHER = join(FUNCTIONS_DIR, '_local', 'launch.ts');

export function denoPath(): string {
  const require = createRequire(import.meta.url);
  const install = require('deno/install_api.cjs') as { runInstall: () => string };
  return install.runInstall();
}

const DENO_RUN_FLAGS = [
  '--node-modules-dir=manual',
  '--no-prompt',
  '--allow-net',
  '--allow-env',
  '--allow-read',
];

/** Every folder with an index.ts not starting with "_". */
export function listFunctions(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .filter((entry) => existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The functions config.toml exempts from the key check (`verify_jwt = false`). */
export function functionsWithoutKeyCheck(configFile = join(root, 'supabase', 'config.toml')) {
  const config = parseToml(readFileSync(configFile, 'utf8')) as {
    functions?: Record<string, { verify_jwt?: unknown }>;
  };
  return new Set(
    Object.entries(config.functions ?? {})
      .filter(([, settings]) => settings.verify_jwt === false)
      .map(([name]) => name),
  );
}

export interface FunctionsHostOptions {
  env: Record<string, string>;
  anonKey: string;
  /** Hosted: the wall-clock limit. */
  timeoutMs?: number;
  log: (line: string) => void;
  dir?: string;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<number>;
}

export type FunctionsHost = ReturnType<typeof createFunctionsHost>;

/**
 * Hosted Supabase publishes no limit; this one is above every function's own (vapi-events': 1 MB),
 * so a function still answers its own 413.
 */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Headers of one connection, never sent on to the function. */
const HOP_HEADERS = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
];

/** An answer of the host's own, in hosted Supabase's shape. */
const hostError = (status: number, code: string | number, message: string) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
  });

export function createFunctionsHost(options: FunctionsHostOptions) {
  const dir = options.dir ?? FUNCTIONS_DIR;
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const names = new Set(listFunctions(dir));
  const exempt = functionsWithoutKeyCheck(join(dir, '..', 'config.toml'));
  const workers = new Map<string, Worker>();
  const deno = denoPath();

  function start(name: string): Worker {
    const child = spawn(deno, ['run', ...DENO_RUN_FLAGS, LAUNCHER, join(dir, name, 'index.ts')], {
      cwd: root,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
      // stdin stays open as a lifeline: the function exits when this process does (launch.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let failure: string | undefined;
    const ready = new Promise<number>((resolveReady, rejectReady) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const listening = /^listening (\d+)$/.exec(line);
        if (listening) resolveReady(Number(listening[1]));
        else if (line.startsWith('failed ')) failure = line.slice('failed '.length);
        else log(`[${name}] ${line}`);
      });
      createInterface({ input: child.stderr! }).on('line', (line) => log(`[${name}] ${line}`));
      child.once('exit', (code) => {
        if (workers.get(name) === worker) workers.delete(name);
        rejectReady(new Error(failure ?? `the function exited (code ${code})`));
      });
    });
    ready.catch(() => undefined);
    const worker: Worker = { child, ready };
    workers.set(name, worker);
    return worker;
  }

  const workerFor = (name: string) => workers.get(name) ?? start(name);

  const stop = (worker: Worker, signal: NodeJS.Signals) =>
    new Promise<void>((exited) => {
      if (worker.child.exitCode !== null) return exited();
      worker.child.once('exit', () => exited());
      worker.child.kill(signal);
    });

  const app = new Hono();
  // `/:name/*` takes `/:name` too.
  app.all('/:name/*', forward);

  async function forward(c: Context): Promise<Response> {
    const name = c.req.param('name')!;
    if (!names.has(name)) return hostError(404, 'not_found', 'Requested function was not found');
    // A preflight carries no key: the function answers CORS itself.
    if (c.req.method !== 'OPTIONS' && !exempt.has(name) && sentKey(c) !== options.anonKey) {
      const sentAny = c.req.header('authorization') !== undefined || c.req.header('apikey');
      return hostError(401, 401, GATEWAY_KEY_MESSAGES[sentAny ? 'invalid' : 'missing']);
    }
    const url = new URL(c.req.url);
    const path = `${url.pathname.replace(/^\/functions\/v1/, '')}${url.search}`;
    const headers = proxiedHeaders(c);
    // The body goes on whole, with a length of its own. The hop-by-hop headers are this hop's
    // (and fetch refuses some of them); `Expect: 100-continue` was answered by the Node server,
    // which sends its 100 Continue before the body is read above, so it goes no further.
    for (const name of HOP_HEADERS) headers.delete(name);
    let body: ArrayBuffer | undefined;
    if (!['GET', 'HEAD'].includes(c.req.method)) {
      const read = await readBodyWithin(c.req.raw, MAX_BODY_BYTES);
      if (!read)
        return hostError(
          413,
          'payload_too_large',
          `The body is larger than ${MAX_BODY_BYTES} bytes`,
        );
      body = read.buffer as ArrayBuffer;
    }

    for (let attempt = 0; ; attempt += 1) {
      const worker = workerFor(name);
      const port = await worker.ready.catch((error: Error) =>
        hostError(
          503,
          'function_unavailable',
          `The function ${name} did not start: ${error.message}`,
        ),
      );
      if (port instanceof Response) return port;
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          method: c.req.method,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'manual',
        });
        return new Response(response.body, { status: response.status, headers: response.headers });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError')
          return hostError(504, 'function_timeout', `The function ${name} did not answer in time`);
        // Refused: the process had died before the request reached it (nothing ran), so a fresh
        // one may take it. Anything else may have run part of the function: never sent twice.
        const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (refused && attempt === 0) {
          if (workers.get(name) === worker) workers.delete(name);
          worker.child.kill('SIGKILL');
          continue;
        }
        return hostError(
          502,
          'function_crashed',
          `The function ${name} stopped: ${String(error)} (${String((error as { cause?: unknown }).cause)})`,
        );
      }
    }
  }

  return {
    app,
    warm: async () => {
      await Promise.all([...names].map((name) => workerFor(name).ready.catch(() => undefined)));
    },
    pids: () =>
      [...workers.values()].flatMap((worker) => (worker.child.pid ? [worker.child.pid] : [])),
    /** As a crash would (tests). */
    kill: async (name: string) => {
      const worker = workers.get(name);
      if (worker) await stop(worker, 'SIGKILL');
    },
    close: async () => {
      await Promise.all([...workers.values()].map((worker) => stop(worker, 'SIGTERM')));
      workers.clear();
    },
  };
}
