import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadStaticSite } from '../../server/cdn/static-site';
import { FLOOR_PATH, serveFloor } from './floor-page';

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
