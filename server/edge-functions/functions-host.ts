import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Hono, type Context } from 'hono';
import { parse as parseToml } from 'smol-toml';
import { readBodyWithin } from '../../supabase/functions/_shared/http';
import { GATEWAY_KEY_MESSAGES } from './gateway-refusal';
import { forwardedFor, fromAnotherMachine, peerAddress } from '../client-address';

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
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .filter((entry) => existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The functions config.toml exempts from the key check (`verify_jwt = false`). */
export function functionsWithoutKeyCheck(configFile = join(root, 'supabase', 'config.toml')) {
  if (!existsSync(configFile)) return new Set<string>();
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
  log?: (line: string) => void;
  dir?: string;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<number>;
  failure?: string;
}

export interface FunctionsHost {
  app: Hono;
  warm: () => Promise<void>;
  pids: () => number[];
  /** As a crash would (tests). */
  kill: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Hosted Supabase publishes no limit; this one is above every function's own (vapi-events': 1 MB),
 * so a function still answers its own 413.
 */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const FUNCTION_ERROR = (status: number, code: string | number, message: string) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
  });

export function createFunctionsHost(options: FunctionsHostOptions): FunctionsHost {
  const dir = options.dir ?? FUNCTIONS_DIR;
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const names = new Set(listFunctions(dir));
  const exempt = functionsWithoutKeyCheck(join(dir, '..', 'config.toml'));
  const workers = new Map<string, Worker>();
  const deno = denoPath();
  let closed = false;

  function start(name: string): Worker {
    const child = spawn(deno, ['run', ...DENO_RUN_FLAGS, LAUNCHER, join(dir, name, 'index.ts')], {
      cwd: root,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
      // stdin stays open as a lifeline: the function exits when this process does (launch.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const worker: Worker = { child, ready: Promise.resolve(0) };
    worker.ready = new Promise<number>((resolveReady, rejectReady) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const listening = /^listening (\d+)$/.exec(line);
        if (listening) resolveReady(Number(listening[1]));
        else if (line.startsWith('failed ')) worker.failure = line.slice('failed '.length);
        else log(`[${name}] ${line}`);
      });
      createInterface({ input: child.stderr! }).on('line', (line) => log(`[${name}] ${line}`));
      child.once('exit', (code) => {
        if (workers.get(name) === worker) workers.delete(name);
        rejectReady(new Error(worker.failure ?? `the function exited (code ${code})`));
      });
    });
    worker.ready.catch(() => undefined);
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

  function hasValidKey(c: Context): boolean {
    const sent = [
      c.req.header('apikey'),
      c.req.header('authorization')?.replace(/^Bearer\s+/i, ''),
    ].filter((value): value is string => value !== undefined);
    return sent.length > 0 && sent.every((value) => value === options.anonKey);
  }

  const app = new Hono();
  app.all('/:name/*', forward);
  app.all('/:name', forward);

  async function forward(c: Context): Promise<Response> {
    const name = c.req.param('name')!;
    if (!names.has(name))
      return FUNCTION_ERROR(404, 'not_found', 'Requested function was not found');
    // A preflight carries no key: the function answers CORS itself.
    if (c.req.method !== 'OPTIONS' && !exempt.has(name) && !hasValidKey(c)) {
      const sentAny = c.req.header('authorization') !== undefined || c.req.header('apikey');
      return FUNCTION_ERROR(401, 401, GATEWAY_KEY_MESSAGES[sentAny ? 'invalid' : 'missing']);
    }
    const url = new URL(c.req.url);
    const path = `${url.pathname.replace(/^\/functions\/v1/, '')}${url.search}`;
    const headers = new Headers(c.req.raw.headers);
    const peer = peerAddress(c);
    headers.set('x-forwarded-for', forwardedFor(c.req.header('x-forwarded-for'), peer));
    if (fromAnotherMachine(peer)) headers.delete('cf-connecting-ip');
    // The body goes on whole, with a length of its own.
    for (const name of ['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])
      headers.delete(name);
    let body: ArrayBuffer | undefined;
    if (!['GET', 'HEAD'].includes(c.req.method)) {
      const read = await readBodyWithin(c.req.raw, MAX_BODY_BYTES);
      if (!read) {
        return FUNCTION_ERROR(
          413,
          'payload_too_large',
          `The body is larger than ${MAX_BODY_BYTES} bytes`,
        );
      }
      body = read.buffer as ArrayBuffer;
    }

    for (let attempt = 0; ; attempt += 1) {
      const worker = workerFor(name);
      let port: number;
      try {
        port = await worker.ready;
      } catch (error) {
        return FUNCTION_ERROR(
          503,
          'function_unavailable',
          `The function ${name} did not start: ${(error as Error).message}`,
        );
      }
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
        if ((error as Error).name === 'TimeoutError') {
          return FUNCTION_ERROR(
            504,
            'function_timeout',
            `The function ${name} did not answer in time`,
          );
        }
        // Refused: the process had died before the request reached it (nothing ran), so a fresh
        // one may take it. Anything else may have run part of the function: never sent twice.
        const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        if (refused && attempt === 0) {
          if (workers.get(name) === worker) workers.delete(name);
          worker.child.kill('SIGKILL');
          continue;
        }
        return FUNCTION_ERROR(
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
    kill: async (name) => {
      const worker = workers.get(name);
      if (worker) await stop(worker, 'SIGKILL');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...workers.values()].map((worker) => stop(worker, 'SIGTERM')));
      workers.clear();
    },
  };
}
