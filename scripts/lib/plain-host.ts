import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createLocalStack } from '../../server/app';
import { loadStaticSite } from '../../server/cdn/static-site';
import { LOCAL_ANON_KEY_DEFAULT } from '../../server/local-config';
import { BARE_FLOOR_PATH, FLOOR_PATH, serveFloor, serveFloorBeside } from './floor-page';

/**
 * A built site served by a plain static host: the same files, compression, clean URLs and 404
 * page as the site's host, but `_headers` ignored (a host that does not read that file), with the
 * floor served the same way at FLOOR_PATH. The bench and bench:ab measure pages against it;
 * check:live's test checks it fails.
 */
export async function servePlainHost(
  siteDir: string,
  port: number,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const files = await loadStaticSite(siteDir, { headersFile: false });
  const app = new Hono();
  app.get(FLOOR_PATH, serveFloor());
  app.on(['GET', 'HEAD'], '*', (c) => files(c));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: 'localhost' }, () =>
      resolve(started),
    );
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    origin: `http://localhost:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A built site served both ways the bench and bench:ab measure it, each with the floor
 * (floor-page.ts) served the same way: by the local stack on `port`, with the site's compression
 * and headers (and the bare floor beside it), and from a plain static host on `port + 1`.
 */
export async function serveBothWays(siteDir: string, dataDir: string, port: number) {
  const stack = await createLocalStack({
    distDir: siteDir,
    dataDir,
    anonKey: LOCAL_ANON_KEY_DEFAULT,
    log: () => undefined,
  });
  const origin = `http://localhost:${port}`;
  const app = new Hono();
  app.get(FLOOR_PATH, await serveFloorBeside((request) => stack.app.fetch(request), origin));
  app.get(BARE_FLOOR_PATH, serveFloor());
  app.all('*', (c) => stack.app.fetch(c.req.raw, c.env));
  const server = serve({ fetch: app.fetch, port, hostname: 'localhost' });
  const plainHost = await servePlainHost(siteDir, port + 1);
  return {
    origin,
    plainOrigin: plainHost.origin,
    close: async () => {
      server.close();
      await plainHost.close();
      await stack.close();
    },
  };
}
