import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStack, type LocalStack } from './app';
import { MAX_BODY_BYTES } from './postgrest/postgrest';
import { makeTempSite, randomLead } from './tests/helpers';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const KEY = 'keep-alive-anon-key';
let stack: LocalStack;
let server: ServerType;
let site: Awaited<ReturnType<typeof makeTempSite>>;
let port: number;

beforeAll(async () => {
  site = await makeTempSite();
  stack = await createLocalStack({
    distDir: site.distDir,
    dataDir: site.dataDir,
    anonKey: KEY,
    log: () => undefined,
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: stack.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stack.close();
  await site.remove();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One POST over a real socket from `agent` (one socket at most: a reused connection). */
function post(agent: Agent, path: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a too-large body on a keep-alive connection', () => {
  for (const { path, headers, ok } of [
    {
      path: '/rest/v1/contact_submissions',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}` },
      ok: 201,
    },
    { path: LOCAL_ROUTES.webhook, headers: {}, ok: 200 },
  ]) {
    it(`${path}: answers 413 with Connection: close, and the next request still gets through`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const huge = JSON.stringify(randomLead({ message: 'x'.repeat(MAX_BODY_BYTES * 4) }));
        const refused = await post(agent, path, huge, headers);
        expect(refused.status).toBe(413);
        expect(refused.connection).toBe('close');
        const next = await post(agent, path, JSON.stringify(randomLead()), headers);
        expect(next.status).toBe(ok);
      } finally {
        agent.destroy();
      }
    });
  }

  it('keeps the connection alive for ordinary answers (two requests, one socket)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    try {
      expect((await post(agent, LOCAL_ROUTES.webhook, '{"a":1}')).status).toBe(200);
      expect((await post(agent, LOCAL_ROUTES.webhook, '{"a":2}')).status).toBe(200);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
