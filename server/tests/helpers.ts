import { cp, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createLocalStack, type LocalStack } from '../app';
import { localFunctionSecrets } from '../local-config';
import { storedLead } from '../../supabase/functions/_shared/tests/stored-lead';

/**
 * A temporary folder with the smallest site the static host accepts; with `preparedDatabase`,
 * its data folder is a copy of one the migrations were applied to once for the run
 * (supabase/tests/global-setup.ts), so the stack opens it without initdb or migrations.
 */
export async function makeTempSite({ preparedDatabase = false } = {}): Promise<{
  root: string;
  distDir: string;
  dataDir: string;
  remove: () => Promise<void>;
}> {
  const root = await mkdtemp(join(tmpdir(), 'local-stack-'));
  const distDir = join(root, 'dist');
  await mkdir(distDir);
  await writeFile(join(distDir, 'index.html'), '<h1>home</h1>');
  await writeFile(join(distDir, '404.html'), '<h1>not found</h1>');
  if (preparedDatabase) await cp(inject('localStackData'), join(root, 'data'), { recursive: true });
  return {
    root,
    distDir,
    dataDir: join(root, 'data'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

let addresses = 0;

/**
 * A client address no other request of this process used (from 198.18.0.0/15, the range kept
 * for tests), so the database's per-address limit never mixes two tests' submissions.
 */
export function nextAddress(): string {
  addresses += 1;
  return `198.${18 + (Math.floor(addresses / 65536) % 2)}.${Math.floor(addresses / 256) % 256}.${addresses % 256}`;
}

/** A lead as the site sends it, stamped with the current time (the database keeps honest times). */
export function randomLead(overrides: Record<string, unknown> = {}) {
  const lead = storedLead({ id: crypto.randomUUID(), created_at: new Date().toISOString() });
  return { ...lead, ...overrides };
}

/** The headers of an insert as supabase-js sends it, from a client address of its own. */
export function insertHeaders(
  anonKey: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    'content-type': 'application/json',
    'x-forwarded-for': nextAddress(),
    ...extra,
  };
}

/**
 * A local stack on a temporary site for the tests of one file: opened before them, closed and
 * removed after. Read `.stack` inside the tests.
 */
export function localStackForTests(
  anonKey: string,
  log: (line: string) => void = () => undefined,
): { stack: LocalStack } {
  const handle = {} as { stack: LocalStack; site: Awaited<ReturnType<typeof makeTempSite>> };
  beforeAll(async () => {
    handle.site = await makeTempSite({ preparedDatabase: true });
    handle.stack = await createLocalStack({
      distDir: handle.site.distDir,
      dataDir: handle.site.dataDir,
      anonKey,
      log,
    });
  });
  afterAll(async () => {
    await handle.stack.close();
    await handle.site.remove();
  });
  return handle;
}

/** A port free on loopback now (released again at once). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * The whole local stack listening on a real port, with its Edge Functions under Deno (they call
 * the stack back for the database and the stand-ins), for the tests of one file. `secrets`
 * override the functions' local secrets; `deliverEveryMs` starts the stack's outbox worker.
 * `watch` sees every request the stack is sent (the functions' calls of the database among them)
 * until the function it returns is called.
 */
export function listeningStackForTests(
  anonKey: string,
  secrets: Record<string, string> = {},
  { deliverEveryMs }: { deliverEveryMs?: number } = {},
): {
  stack: LocalStack;
  origin: string;
  watch: (listener: (request: Request) => void) => () => void;
} {
  const listeners = new Set<(request: Request) => void>();
  const handle = {
    watch: (listener: (request: Request) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as {
    watch: (listener: (request: Request) => void) => () => void;
    stack: LocalStack;
    origin: string;
    site: Awaited<ReturnType<typeof makeTempSite>>;
    server: { close: (done: () => void) => void; closeAllConnections?: () => void };
  };
  beforeAll(async () => {
    const [{ serve }, config] = await Promise.all([
      import('@hono/node-server'),
      import('../local-config'),
    ]);
    handle.site = await makeTempSite({ preparedDatabase: true });
    const port = await freePort();
    handle.origin = `http://127.0.0.1:${port}`;
    handle.stack = await createLocalStack({
      distDir: handle.site.distDir,
      dataDir: handle.site.dataDir,
      anonKey,
      serviceRoleKey: config.LOCAL_SERVICE_ROLE_KEY,
      deliverEveryMs,
      log: (line) => (process.env.DEBUG_STACK ? console.log(line) : undefined),
      functions: {
        origin: handle.origin,
        secrets: {
          ...config.localFunctionSecrets(handle.origin, 'test-assistant', {}),
          ...secrets,
        },
      },
    });
    const app = handle.stack.app;
    handle.server = serve({
      fetch: (request, ...rest: unknown[]) => {
        listeners.forEach((listener) => listener(request));
        return app.fetch(request, ...(rest as []));
      },
      port,
      hostname: '127.0.0.1',
    });
    await handle.stack.functions?.warm();
  });
  afterAll(async () => {
    // The functions keep connections to the stack alive: closed here, not waited for.
    handle.server.closeAllConnections?.();
    await new Promise<void>((done) => handle.server.close(() => done()));
    await handle.stack.close();
    await handle.site.remove();
  });
  return handle;
}

/** A POST of `body` as JSON to a local function, from `address`, with `key` as a page sends it. */
export function postToFunction(
  origin: string,
  name: string,
  body: unknown,
  { address = nextAddress(), key }: { address?: string; key: string | null },
): Promise<Response> {
  return fetch(`${origin}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(key ? { apikey: key, authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A server message to the local stack's vapi-events, as Vapi sends it with the stack's secret. */
export function postVapiEvent(origin: string, message: unknown): Promise<Response> {
  return fetch(`${origin}/functions/v1/vapi-events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-vapi-secret': localFunctionSecrets(origin, undefined, {}).VAPI_WEBHOOK_SECRET!,
    },
    body: JSON.stringify({ message }),
  });
}

/**
 * A request-callback body as the page sends it (consent given, the testing token), `extra` over
 * it.
 */
export const callbackBody = (extra: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  phone: '(415) 299-1099',
  consent: true,
  consent_version: '2026-11-23',
  captcha: 'XXXX.DUMMY.TOKEN.XXXX',
  estimate: null,
  variables: null,
  page: '/',
  utm: null,
  visit_id: crypto.randomUUID(),
  ...extra,
});

/**
 * A POST as curl sends a large body: `Expect: 100-continue`, and the body only once the server
 * answers 100 Continue (`continued`), or none if it answers first. fetch cannot send the header.
 */
export function postExpectingContinue(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; continued: boolean; body: unknown }> {
  return new Promise((resolvePost, reject) => {
    let continued = false;
    const sent = httpRequest(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-length': String(Buffer.byteLength(body)),
        expect: '100-continue',
      },
    });
    sent.on('continue', () => {
      continued = true;
      sent.end(body);
    });
    sent.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: the text as it came.
        }
        resolvePost({ status: response.statusCode ?? 0, continued, body: parsed });
        sent.destroy();
      });
    });
    sent.on('error', reject);
    sent.flushHeaders();
  });
}
