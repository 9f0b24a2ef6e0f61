// `npm run dev`: Vite's dev server (hot reload) and the local stack on one port. Nothing is
// prerendered here, and the security headers are `npm start`'s business.
import { createServer as createHttpServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createLocalStack } from '../server/app';
import {
  DELIVER_EVERY_MS,
  listenOnOtherLoopbacks,
  localHost,
  localOrigin,
  localPort,
  localStackSettings,
  portIsFree,
  portTakenLine,
  webhookSecretNote,
} from '../server/local-config';
import { describeLocalOverrides, resolveSiteConfig } from './lib/site-config';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = localPort();
const host = localHost();
const DEV_MODE = 'development';

if (!(await portIsFree(port, host))) {
  console.error(portTakenLine(port));
  process.exit(1);
}
process.env.PORT = String(port);
const overridden: string[] = [];
const config = resolveSiteConfig(DEV_MODE, root, process.env, (name) => overridden.push(name));
for (const line of describeLocalOverrides(overridden, localOrigin())) console.log(line);

const settings = localStackSettings(config.vapi?.assistantId);
const stack = await createLocalStack({ ...settings, deliverEveryMs: DELIVER_EVERY_MS });
const api = getRequestListener(stack.app.fetch);
const httpServer = createHttpServer();
const vite = await createViteServer({
  root,
  mode: DEV_MODE,
  appType: 'spa',
  server: { middlewareMode: true, hmr: { server: httpServer } },
});

httpServer.on('request', (request, response) => {
  const path = (request.url ?? '/').split('?')[0]!;
  const toStack = /^\/rest\/v1(\/|$)|^\/functions\/v1\//.test(path);
  if (toStack || path.startsWith(`${LOCAL_ROUTES.prefix}/`)) void api(request, response);
  else vite.middlewares(request, response);
});
httpServer.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(portTakenLine(port));
  else console.error(error);
  void shutdown(1);
});
let others: Awaited<ReturnType<typeof listenOnOtherLoopbacks>> = [];
httpServer.listen(port, host, () => {
  // The same pages at 127.0.0.1 and [::1] (hot reload stays with the name Vite was opened at).
  void listenOnOtherLoopbacks(httpServer, port, host).then((started) => (others = started));
  console.log(`\n  Site (hot reload): http://localhost:${port}/`);
  console.log(`  Leads inbox:       http://localhost:${port}${LOCAL_ROUTES.inbox}`);
  console.log(
    `  Webhook:           ${webhookSecretNote(settings.functions.secrets.CONTACT_WEBHOOK_SECRET!)}\n`,
  );
});

let closing = false;
async function shutdown(code = 0) {
  if (closing) return;
  closing = true;
  httpServer.close();
  for (const other of others) other.close();
  await vite.close();
  await stack.close();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
